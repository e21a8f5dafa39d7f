// The administration console's write skeleton and audit trail. Who may call a console endpoint is
// declared in the endpoint table (shared/src/endpoints/admin.ts: staff, and the resource's
// permission), which route() checks before it parses the body. Every change then runs through
// `consoleChange`: one transaction reads the record, checks and writes, and keeps the audit row,
// so the trail and the change commit together.
import type { TAuditResource } from '@portal/shared/contracts/admin-codes';
import { API_MSG } from '@portal/shared/messages';
import type { RequestContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { adminAuditLog } from '../../db/schema/admin.ts';
import { PermissionDenied } from '../../errors.ts';

export const ADMIN_MSG = {
  staffOnly: API_MSG.staffOnly,
  superuserOnly: 'この操作はスーパーユーザーだけが行えます。',
} as const;

export function requireSuperuser(ctx: RequestContext): void {
  if (!ctx.user.isSuperuser) throw new PermissionDenied(ADMIN_MSG.superuserOnly);
}

export interface Change {
  readonly resource: TAuditResource;
  readonly action: string;
  readonly objectId: number | null;
  readonly objectLabel: string;
  readonly before: unknown;
  readonly after: unknown;
}

export async function recordChange(tx: Db, ctx: RequestContext, change: Change): Promise<void> {
  await tx.insert(adminAuditLog).values({
    actorId: ctx.user.id,
    actorName: ctx.user.username,
    resource: change.resource,
    action: change.action,
    objectId: change.objectId,
    objectLabel: change.objectLabel.slice(0, 200),
    before: change.before ?? null,
    after: change.after ?? null,
  });
}

/** What a console action on one record is called with: its id, and the parsed body if it takes one. */
export interface OnRecord<B = undefined> {
  readonly ctx: RequestContext;
  readonly input: { readonly id: number } & (undefined extends B
    ? { readonly body?: B }
    : { readonly body: B });
}

/** The audit row of one change, less the resource its `consoleChange` names. */
export type Audited = Omit<Change, 'resource'>;

export interface ConsoleChange<B, A> {
  readonly resource: Change['resource'];
  /** Reads the record as it is before the change (locking it where needed); null for a new one. */
  readonly before: (tx: Db) => Promise<B>;
  /** Checks what depends on the record, writes, and answers the record after the change. */
  readonly write: (tx: Db, before: B) => Promise<A>;
  /** What the audit keeps of the change; null when nothing changed (no row is written). */
  readonly audit: (before: B, after: A) => Audited | null;
}

/** One console change in one transaction with its audit row; answers what `write` answered. */
export function consoleChange<B, A>(ctx: RequestContext, change: ConsoleChange<B, A>): Promise<A> {
  return ctx.db.transaction(async (tx) => {
    const before = await change.before(tx);
    const after = await change.write(tx, before);
    const audited = change.audit(before, after);
    if (audited) await recordChange(tx, ctx, { resource: change.resource, ...audited });
    return after;
  });
}

/** For a creation: there is no record before it. */
export const nothingBefore = async (): Promise<null> => null;
