// A console resource is declared once: its calls, its list (columns, phone card, filters), its detail
// lines, its forms' fields and the permission of every screen and action. ResourceList,
// ResourceDetail and ResourceForm render any declaration (docs/decisions.md, "Administration
// console"): a new master is one object here and one line in resources/index.ts.
import type { ComponentType, ReactNode } from 'react';
import type { TPage } from '@portal/shared/contracts/pagination';
import type { Permission } from '@portal/shared/permissions';
import type { DataCard, DataColumn } from '@/components/data-list.tsx';

export type FieldKind =
  | 'text'
  | 'textarea'
  | 'number'
  | 'email'
  | 'password'
  | 'date'
  | 'time'
  /** A date and time (Asia/Tokyo), sent as 'YYYY-MM-DDTHH:MM'. */
  | 'datetime'
  | 'select'
  | 'check'
  | 'multi'
  /** Files as upload strings beside those kept from the record (a notice's attachments): FileValue[]. */
  | 'files';

/** One file of a 'files' field: kept from the record by its place, or newly chosen. */
export interface FileValue {
  readonly name: string;
  readonly size: number;
  readonly n?: number;
  readonly file?: string;
}

export interface Choice {
  readonly value: string;
  readonly label: string;
  /** A line under a checkbox's label (a permission's codename). */
  readonly hint?: string;
}

/** One input of a form or a list filter. `name` may be a dotted path ('contract.start_date'). */
export interface FieldDecl {
  readonly name: string;
  readonly label: string;
  readonly kind: FieldKind;
  readonly required?: boolean;
  readonly help?: string;
  /** select: the value is a number (an id); an empty choice means null when `nullable`. */
  readonly numeric?: boolean;
  readonly nullable?: boolean;
  /**
   * select and multi: the choices, from a hook so they may come from a query; `context` is the
   * record an action's form acts on (an organisation's members for its head).
   */
  readonly useChoices?: (context: unknown) => readonly Choice[];
  readonly autoComplete?: string;
  /** text, textarea and password: the most characters the input takes; files: the most files. */
  readonly maxLength?: number;
  /** text and password: the fewest characters (the server checks every rule again). */
  readonly minLength?: number;
  /** files: the extensions accepted, without the dot. */
  readonly accept?: readonly string[];
  /** Shown only to a superuser (is_staff, is_superuser). */
  readonly superuserOnly?: boolean;
  /** Shown only to holders of this permission (is_head: organization.change_organization). */
  readonly permission?: Permission;
  /**
   * Shown only where the record the form edits lets the caller change it, as the API answers it
   * (a person's sign-in keys: `allowed.account`); `context` is that record, undefined on a new one.
   */
  readonly visible?: (context: unknown) => boolean;
}

/** What the renderer knows of the signed-in user: enough to hide what the server would refuse. */
export interface ConsoleUser {
  readonly isSuperuser: boolean;
  can(perm: Permission): boolean;
}

type Values = Record<string, unknown>;

export interface FormDecl<TDetail> {
  readonly title: string;
  readonly permission: Permission;
  /**
   * The inputs. The browser checks what they declare (required, dates, times, lengths) without zod,
   * which would grow the chunk the sign-in page shares; the API checks the whole contract and its
   * 400 field errors land under the same inputs.
   */
  readonly fields: readonly FieldDecl[];
  readonly initial: (detail: TDetail | undefined) => Values;
  /** Sends the checked body; answers the id of the record to show next. */
  readonly submit: (body: Values, detail: TDetail | undefined) => Promise<number>;
  readonly submitText?: string;
  /** Shown under the inputs as they change: what the record will look like (a notice as employees read it). */
  readonly preview?: (values: Values) => ReactNode;
}

export interface ActionDecl<TDetail> {
  readonly key: string;
  readonly label: string;
  readonly permission: Permission;
  readonly superuserOnly?: boolean;
  readonly visible?: (detail: TDetail) => boolean;
  readonly danger?: boolean;
  /** The question asked before the action runs. */
  readonly confirm: (detail: TDetail) => string;
  /** What the form's question lists under it (the leaver's open requests). */
  readonly notice?: (detail: TDetail) => ReactNode;
  /** Inputs asked for in a form under the question instead of a dialog. */
  readonly fields?: readonly FieldDecl[];
  readonly initial?: (detail: TDetail) => Values;
  /** Runs it; answers what to tell the user (and optional detail lines, e.g. requests awaiting them). */
  readonly run: (detail: TDetail, body: Values) => Promise<{ message: string; lines?: string[] }>;
}

export interface ResourceDecl<TRow, TDetail = TRow> {
  /** The URL segment under /admin/. */
  readonly key: string;
  readonly label: string;
  readonly description: string;
  readonly view: Permission;
  readonly list: {
    readonly label: string;
    readonly empty: string;
    /** One page for the URL's search parameters (page, the filters). */
    readonly fetch: (params: URLSearchParams) => Promise<TPage<TRow>>;
    readonly filters?: readonly FieldDecl[];
    readonly columns: readonly DataColumn<TRow>[];
    readonly card: (row: TRow) => DataCard;
    readonly rowKey: (row: TRow) => number;
    /** Rows without a detail screen (the audit) leave it out. */
    readonly rowId?: (row: TRow) => number;
    /** A summary over the filtered rows, above the list (アクセス記録's who read whose records). */
    readonly summary?: (page: TPage<TRow>) => ReactNode;
    /** A CSV of what the filters select. */
    readonly exportCsv?: (params: URLSearchParams) => Promise<void>;
    /** Other screens of the resource, shown in the list's toolbar to those holding the permission. */
    readonly links?: readonly {
      readonly to: string;
      readonly label: string;
      readonly permission: Permission;
    }[];
  };
  readonly detail?: {
    readonly fetch: (id: number) => Promise<TDetail>;
    readonly title: (detail: TDetail) => string;
    readonly lines: readonly { label: string; value: (detail: TDetail) => ReactNode }[];
    /** Further parts under the lines (a contracts table). */
    readonly sections?: (detail: TDetail, user: ConsoleUser) => ReactNode;
    readonly actions?: readonly ActionDecl<TDetail>[];
  };
  readonly create?: FormDecl<TDetail>;
  readonly edit?: FormDecl<TDetail>;
}

/**
 * A console screen that is not a list of records (会社・マスタ): its own component, shown in the menu
 * to whoever holds any of `views`. Registered in resources/index.ts like a resource.
 */
export interface PageDecl {
  readonly key: string;
  readonly label: string;
  readonly description: string;
  readonly views: readonly Permission[];
  readonly Screen: ComponentType<{ user: ConsoleUser }>;
}

/** Any declaration, for the tables that list them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyResource = ResourceDecl<any, any>;

/** Declares a resource with its row and detail types checked against each other. */
export function defineResource<TRow, TDetail = TRow>(
  resource: ResourceDecl<TRow, TDetail>,
): ResourceDecl<TRow, TDetail> {
  return resource;
}

/** Reads `a.b.c` of an object. */
export function valueAt(values: unknown, path: string): unknown {
  let current = values;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** A page of an array the API answers whole (the organisation tree), so DataList can page it. */
export function pageOf<T>(items: readonly T[], params: URLSearchParams, size: number): TPage<T> {
  const page = Math.max(1, Number(params.get('page')) || 1);
  return {
    count: items.length,
    next: null,
    previous: null,
    results: items.slice((page - 1) * size, page * size),
  };
}
