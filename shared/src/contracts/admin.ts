// The administration console (issue 14): staff-only endpoints under /api/admin/. Every body is a
// strict object: a key the console does not know is refused (400), never silently dropped. Messages
// are written here, in Japanese, so the browser's check and the API's answer read the same. Written
// with zod/mini, like the sign-in contract: the console's forms check with these schemas, and classic
// zod in the web would grow the zod core the sign-in page loads (docs/decisions.md). The list queries,
// which only the API parses, are in admin-queries.ts.
import * as z from 'zod/mini';
import { ORG_LEVELS, RESIDENCE_STATUSES, type OrgLevel } from '../codes.ts';
import { NEW_PASSWORD_MIN } from '../limits.ts';
import { FIELD_MSG } from '../messages.ts';
import { ALL_PERMISSIONS, type Permission } from '../permissions.ts';
import { isValidDate } from '../workflow/field-values.ts';
import type { TGrantDecision } from './vacations.ts';

// ---- building blocks -------------------------------------------------------------------------

const ZText = (label: string, max: number) =>
  z
    .string({ error: FIELD_MSG.required(label) })
    .check(
      z.trim(),
      z.minLength(1, FIELD_MSG.required(label)),
      z.maxLength(max, FIELD_MSG.maxLength(label, max)),
    );

const ZOptionalText = (label: string, max: number) =>
  z
    .string({ error: FIELD_MSG.type(label, '文字列') })
    .check(z.trim(), z.maxLength(max, FIELD_MSG.maxLength(label, max)));

const ZId = (label: string) =>
  z
    .int({
      error: (issue) => (issue.input === undefined ? FIELD_MSG.required(label) : FIELD_MSG.integer(label)),
    })
    .check(z.positive(FIELD_MSG.choice(label)));

const ZBool = (label: string) => z.boolean({ error: FIELD_MSG.boolean(label) });

const ZDate = (label: string) =>
  z.string({ error: FIELD_MSG.required(label) }).check(z.refine(isValidDate, FIELD_MSG.date(label)));

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const ZTime = (label: string) =>
  z.string({ error: FIELD_MSG.required(label) }).check(z.regex(TIME, FIELD_MSG.time(label)));

const ZConfirm = z.strictObject({ confirm: z.literal(true, { error: FIELD_MSG.required('確認') }) });

/** POST deactivate / reactivate: the console confirms the action explicitly. */
export const ZAdminConfirm = ZConfirm;
export type TAdminConfirm = z.infer<typeof ZAdminConfirm>;

/**
 * POST deactivate (issue 34): the 退職日 (default today) and what becomes of the leaver's open
 * requests: 取消 with a reason, or left for HR.
 */
export const ZAdminDeactivate = z
  .strictObject({
    confirm: z.literal(true, { error: FIELD_MSG.required('確認') }),
    left_on: z.optional(z.string().check(z.refine(isValidDate, FIELD_MSG.date('退職日')))),
    open_requests: z.optional(z.enum(['cancel', 'keep'])),
    reason: z.optional(z.string().check(z.maxLength(200, FIELD_MSG.maxLength('取消理由', 200)))),
  })
  .check(
    z.refine((b) => b.open_requests !== 'cancel' || (b.reason ?? '').trim() !== '', {
      error: FIELD_MSG.required('取消理由'),
      path: ['reason'],
    }),
  );
export type TAdminDeactivate = z.infer<typeof ZAdminDeactivate>;

/** PUT people/{id}/hold/ (issue 34): a legal hold stops every retention deletion about the person. */
export const ZAdminHold = z.strictObject({
  reason: z
    .string({ error: FIELD_MSG.required('保全理由') })
    .check(
      z.trim(),
      z.minLength(1, FIELD_MSG.required('保全理由')),
      z.maxLength(200, FIELD_MSG.maxLength('保全理由', 200)),
    ),
});
export type TAdminHoldRequest = z.infer<typeof ZAdminHold>;

export interface TAdminHold {
  /** The hold in force, if any. */
  hold: { reason: string; created_at: string; created_by: string } | null;
}

// ---- organisations ---------------------------------------------------------------------------

export const ZAdminOrganizationCreate = z.strictObject({
  name: ZText('名称', 100),
  level: z.enum(ORG_LEVELS.map((l) => l.value) as [OrgLevel, ...OrgLevel[]], {
    error: FIELD_MSG.choice('階層'),
  }),
  parent_id: z.nullable(ZId('上位組織')),
});
export type TAdminOrganizationCreate = z.infer<typeof ZAdminOrganizationCreate>;

/** PATCH: rename and/or move under another parent. */
export const ZAdminOrganizationPatch = z
  .strictObject({
    name: z.optional(ZText('名称', 100)),
    parent_id: z.optional(z.nullable(ZId('上位組織'))),
  })
  .check(
    z.refine((body) => body.name !== undefined || body.parent_id !== undefined, {
      message: FIELD_MSG.required('名称または上位組織'),
    }),
  );
export type TAdminOrganizationPatch = z.infer<typeof ZAdminOrganizationPatch>;

/** PUT organizations/{id}/head/: the head, or null for none. */
export const ZAdminOrganizationHead = z.strictObject({ head_employee_id: z.nullable(ZId('組織の長')) });
export type TAdminOrganizationHead = z.infer<typeof ZAdminOrganizationHead>;

export interface TAdminOrganization {
  id: number;
  name: string;
  level: OrgLevel;
  parent_id: number | null;
  head_employee_id: number | null;
  head_name: string | null;
  /** People holding a position here (not below). */
  member_count: number;
  /** Open organisations directly below. */
  child_count: number;
}

export interface TAdminOrganizationDetail extends TAdminOrganization {
  /** Everyone holding a position here, the head's candidates. */
  members: { employee_id: number; name: string; title: string; is_part_time: boolean }[];
}

/** What a change of head does to requests already in progress: nothing (the answer says so). */
export interface TAdminHeadChange {
  organization: TAdminOrganization;
  /** Open requests whose route changes: always 0, routes already resolved stay. */
  rerouted_requests: number;
  /** Open requests currently awaiting the previous head, which keep awaiting them. */
  open_requests_kept: number;
}

// ---- people ----------------------------------------------------------------------------------

export const ZAdminContract = z
  .strictObject({
    start_date: ZDate('契約開始日'),
    end_date: z.nullable(ZDate('契約終了日')),
    work_start_time: ZTime('始業時刻'),
    work_end_time: ZTime('終業時刻'),
  })
  .check(
    z.refine((c) => c.end_date === null || c.end_date >= c.start_date, {
      path: ['end_date'],
      message: FIELD_MSG.dateOrder('契約終了日', '契約開始日'),
    }),
    z.refine((c) => c.work_end_time > c.work_start_time, {
      path: ['work_end_time'],
      message: '終業時刻 は 始業時刻 より後にしてください。',
    }),
  );
export type TAdminContract = z.infer<typeof ZAdminContract>;

export const ZAdminPosition = z.strictObject({
  organization_id: ZId('所属組織'),
  title: ZOptionalText('役職', 50),
  is_part_time: ZBool('兼務'),
  is_head: ZBool('組織の長'),
});
export type TAdminPosition = z.infer<typeof ZAdminPosition>;

const employeeFields = {
  code: z
    .string({ error: FIELD_MSG.required('社員番号') })
    .check(
      z.trim(),
      z.regex(/^[A-Za-z0-9-]{1,20}$/, '社員番号 は 20 文字以内の英数字とハイフンで入力してください。'),
    ),
  last_name: ZText('姓', 50),
  first_name: ZText('名', 50),
  last_name_kana: ZOptionalText('姓（カナ）', 50),
  first_name_kana: ZOptionalText('名（カナ）', 50),
  email: z.string({ error: FIELD_MSG.required('メールアドレス') }).check(
    z.trim(),
    z.maxLength(254, FIELD_MSG.maxLength('メールアドレス', 254)),
    z.refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), FIELD_MSG.email('メールアドレス')),
  ),
};

const ZUsername = z
  .string({ error: FIELD_MSG.required('ユーザー名') })
  .check(
    z.trim(),
    z.regex(
      /^[A-Za-z0-9@.+_-]{1,150}$/,
      'ユーザー名 は 150 文字以内の英数字と @ . + - _ で入力してください。',
    ),
  );

export const PASSWORD_MIN = NEW_PASSWORD_MIN;
const ZTemporaryPassword = z
  .string({ error: FIELD_MSG.required('仮パスワード') })
  .check(
    z.minLength(PASSWORD_MIN, FIELD_MSG.minLength('仮パスワード', PASSWORD_MIN)),
    z.maxLength(128, FIELD_MSG.maxLength('仮パスワード', 128)),
  );

/** POST people/: the employee, their account (with a temporary password), first contract and position. */
export const ZAdminPersonCreate = z.strictObject({
  ...employeeFields,
  username: ZUsername,
  password: ZTemporaryPassword,
  contract: ZAdminContract,
  position: ZAdminPosition,
});
export type TAdminPersonCreate = z.infer<typeof ZAdminPersonCreate>;

/** PATCH people/{id}/: any of the employee's own fields. */
export const ZAdminPersonPatch = z
  .strictObject({
    code: z.optional(employeeFields.code),
    last_name: z.optional(employeeFields.last_name),
    first_name: z.optional(employeeFields.first_name),
    last_name_kana: z.optional(employeeFields.last_name_kana),
    first_name_kana: z.optional(employeeFields.first_name_kana),
    email: z.optional(employeeFields.email),
  })
  .check(z.refine((body) => Object.keys(body).length > 0, { message: FIELD_MSG.required('変更する項目') }));
export type TAdminPersonPatch = z.infer<typeof ZAdminPersonPatch>;

/** The residence status with no card, whose expiry stays empty (日本籍). */
export const RESIDENCE_NONE = '90';

/** PUT people/{id}/residence/: the residence status and card expiry, which only HR sets. */
export const ZAdminResidence = z
  .strictObject({
    residence: z.enum(
      RESIDENCE_STATUSES.map((r) => r.value),
      { error: FIELD_MSG.choice('在留資格') },
    ),
    residence_expiry: z.nullable(ZDate('在留期限')),
  })
  .check(
    z.refine((body) => body.residence !== RESIDENCE_NONE || body.residence_expiry === null, {
      message: '日本籍 の場合、在留期限 は空にしてください。',
      path: ['residence_expiry'],
    }),
  );
export type TAdminResidence = z.infer<typeof ZAdminResidence>;

/** PATCH contracts/{id}/: end a contract (or change its end and working hours). */
export const ZAdminContractPatch = z
  .strictObject({
    end_date: z.optional(z.nullable(ZDate('契約終了日'))),
    work_start_time: z.optional(ZTime('始業時刻')),
    work_end_time: z.optional(ZTime('終業時刻')),
  })
  .check(z.refine((body) => Object.keys(body).length > 0, { message: FIELD_MSG.required('変更する項目') }));
export type TAdminContractPatch = z.infer<typeof ZAdminContractPatch>;

/** The console's form for ending one of a person's contracts (sent as PATCH contracts/{id}/). */
export const ZAdminContractEnd = z.strictObject({ contract_id: ZId('契約'), end_date: ZDate('契約終了日') });

/** The console's form for removing one of a person's positions (sent as DELETE positions/{id}/). */
export const ZAdminPositionRemove = z.strictObject({ position_id: ZId('所属') });

/** POST people/{id}/password/: a temporary password, to be changed at the next sign-in. */
export const ZAdminPasswordReset = z.strictObject({ password: ZTemporaryPassword });
export type TAdminPasswordReset = z.infer<typeof ZAdminPasswordReset>;

export interface TAdminPersonRow {
  id: number;
  code: string;
  name: string;
  kana: string;
  username: string | null;
  user_id: number | null;
  is_active: boolean;
  /** The main position's organisation. */
  organization: string | null;
  title: string | null;
}

export interface TAdminPerson extends TAdminPersonRow {
  last_name: string;
  first_name: string;
  last_name_kana: string;
  first_name_kana: string;
  email: string;
  must_change_password: boolean;
  is_staff: boolean;
  is_superuser: boolean;
  lark_bound: boolean;
  contracts: (TAdminContract & { id: number })[];
  positions: {
    id: number;
    organization_id: number;
    organization: string;
    title: string;
    is_part_time: boolean;
    is_head: boolean;
    /** The caller may remove it: not the last one, and a head's only where they may unmake the head. */
    can_remove: boolean;
  }[];
  /** Requests now awaiting this person's approval. */
  pending_approvals: TAdminPendingApproval[];
  /** The residence status code (shared/codes RESIDENCE_STATUSES) and the card's expiry. */
  residence: string;
  residence_expiry: string | null;
  /** The 退職日 set when the account was deactivated (issue 34), else null. */
  left_on: string | null;
  /** The person's own requests still open (申請中・差戻し), which deactivating cancels or leaves for HR. */
  open_requests: TAdminOpenRequest[];
  /** The legal hold in force (法的保全, issue 34), if any. */
  legal_hold: TAdminHold['hold'];
  /** The grant job's judgement of each 基準日 (issue 35): the 出勤率 and why paid leave was granted or not; newest first. */
  paid_leave_decisions: TGrantDecision[];
  /**
   * What the caller may do here (issue 32, api admin/account-guard.ts), so the console offers no
   * action the server refuses: `account` — change the sign-in e-mail and employee number, password,
   * activity and Lark binding; so also the only fields of the edit form that touch it (the e-mail and
   * the employee number, the sign-in keys). (Naming heads follows organization.change_organization.)
   */
  allowed: { account: boolean };
}

export interface TAdminOpenRequest {
  task_id: number;
  title: string;
  /** The task status code: '01' 申請中, '02' 差戻し. */
  status: string;
  created_at: string;
}

export interface TAdminPendingApproval {
  task_id: number;
  title: string;
  applicant: string;
  node_name: string;
}

/** What a deactivation did: the sessions ended and the requests left awaiting the person. */
export interface TAdminDeactivation {
  person: TAdminPerson;
  revoked_sessions: number;
  pending_approvals: TAdminPendingApproval[];
  /** The leaver's own open requests cancelled (issue 34). */
  cancelled_requests: number[];
  /** The approval steps that waited on the leaver, each moved to the head above. */
  moved_steps: { task_id: number; task_node_id: number; to_user_id: number | null }[];
  /** The proxies they held or gave, ended. */
  ended_proxies: number;
  /** The 管理番号 of the assets they hold, now 要回収 (issue 31). */
  recall_assets: string[];
}

// ---- permissions -----------------------------------------------------------------------------

const ZPermissionList = z
  .array(z.enum(ALL_PERMISSIONS as [Permission, ...Permission[]], { error: FIELD_MSG.choice('権限') }), {
    error: FIELD_MSG.type('権限', '配列'),
  })
  .check(z.maxLength(ALL_PERMISSIONS.length, FIELD_MSG.maxItems('権限', ALL_PERMISSIONS.length)));

/** POST groups/ and PUT groups/{id}/. */
export const ZAdminGroup = z.strictObject({ name: ZText('グループ名', 150), permissions: ZPermissionList });
export type TAdminGroupRequest = z.infer<typeof ZAdminGroup>;

export interface TAdminGroup {
  id: number;
  name: string;
  permissions: Permission[];
  member_count: number;
}

export interface TAdminPermission {
  codename: Permission;
  label: string;
}

/** PUT users/{id}/access/: groups and direct permissions; the flags only a superuser may change. */
export const ZAdminUserAccess = z.strictObject({
  groups: z
    .array(ZId('グループ'), { error: FIELD_MSG.type('グループ', '配列') })
    .check(z.maxLength(100, FIELD_MSG.maxItems('グループ', 100))),
  permissions: ZPermissionList,
  is_staff: ZBool('スタッフ権限'),
  is_superuser: ZBool('スーパーユーザー権限'),
});
export type TAdminUserAccessRequest = z.infer<typeof ZAdminUserAccess>;

export interface TAdminUserAccess extends TAdminUserAccessRequest {
  user_id: number;
  username: string;
  name: string;
}

// ---- company and master data -----------------------------------------------------------------

/** PATCH company/: the company's name. */
export const ZAdminCompany = z.strictObject({ name: ZText('会社名', 200) });
export type TAdminCompanyRequest = z.infer<typeof ZAdminCompany>;

/** PUT company/logo/: the image as a data: URL or base64 (PNG, JPEG, GIF, WebP; never SVG). */
export const ZAdminCompanyLogo = z.strictObject({
  logo: z.string({ error: FIELD_MSG.required('ロゴ') }).check(z.minLength(1, FIELD_MSG.required('ロゴ'))),
});

const ZUploadText = (label: string) =>
  z.string({ error: FIELD_MSG.required(label) }).check(z.minLength(1, FIELD_MSG.required(label)));

/** POST stations/import/: the 駅データ station.csv and line.csv as upload strings (`name:…;…`). */
export const ZAdminStationImport = z.strictObject({
  station_file: ZUploadText('駅データ（station.csv）'),
  line_file: ZUploadText('路線データ（line.csv）'),
});
export type TAdminStationImportRequest = z.infer<typeof ZAdminStationImport>;

/** GET masters/: the company and the masters the console keeps, with links to their own screens. */
export interface TAdminMasters {
  /** The logo as a data: URL (PNG, re-encoded by the server), or null. */
  company: { name: string; logo: string | null };
  bank_master: { package: string; version: string; data_date: string | null };
  stations: { count: number };
  can_change_company: boolean;
  can_import_stations: boolean;
}

export interface TAdminStationImport {
  imported: number;
  stations: { count: number };
}

// ---- audit -----------------------------------------------------------------------------------

export interface TAuditEntry {
  id: number;
  at: string;
  actor_id: number | null;
  actor_name: string;
  resource: string;
  action: string;
  object_id: number | null;
  object_label: string;
  before: unknown;
  after: unknown;
}

// ---- bulk import (admin-import.ts holds the layout) ----------------------------------------------

/** One row of the import file, read into the people create contract's shape (no password: the
 * accounts are created without one and get a temporary password with 仮パスワードの再設定). */
export const ZAdminPersonImportRow = z.strictObject({
  ...employeeFields,
  username: ZUsername,
  join_date: ZDate('入社日'),
  contract: ZAdminContract,
  position: ZAdminPosition,
});
export type TAdminPersonImportRow = z.infer<typeof ZAdminPersonImportRow>;

const IMPORT_FILE_MAX_BASE64 = 2_796_204; // 2 MB (MAX_UPLOAD_BYTES) as base64

/** POST people-import/check/: the file, base64 in JSON like every upload. */
export const ZAdminImportCheck = z.strictObject({
  file_name: ZText('ファイル名', 255),
  content: z
    .string({ error: FIELD_MSG.required('ファイル') })
    .check(
      z.minLength(1, FIELD_MSG.required('ファイル')),
      z.maxLength(IMPORT_FILE_MAX_BASE64, 'ファイル は 2 MB 以下にしてください。'),
    ),
});
export type TAdminImportCheck = z.infer<typeof ZAdminImportCheck>;

/** POST people-import/confirm/: the same file and the token of its preview. */
export const ZAdminImportConfirm = z.strictObject({
  ...ZAdminImportCheck.shape,
  token: z
    .string({ error: FIELD_MSG.required('確認トークン') })
    .check(z.regex(/^[0-9a-f]{64}$/, FIELD_MSG.required('確認トークン'))),
});
export type TAdminImportConfirm = z.infer<typeof ZAdminImportConfirm>;
