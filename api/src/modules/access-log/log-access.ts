// The one access log (issue 34, 個人情報保護法 §26): a row per read of another person's protected
// record, or per export of many (every employee it holds). Append-only: the app only inserts, and on
// PostgreSQL a trigger refuses UPDATE and DELETE outside the retention job (migration 0022).
import { eq } from 'drizzle-orm';
import type { TAccessAction, TAccessKind } from '@portal/shared/contracts/access-log';
import type { RequestContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { employees } from '../../db/schema/employees.ts';
import { accessLog } from '../../db/schema/privacy.ts';
import { requestOf, type RequestMeta } from '../../identity/request-meta.ts';

export interface AccessEntry {
  /** The user; a command or the schedule (a backup, a restore) has no user id, only its name. */
  readonly actor: { readonly id: number | null; readonly username: string } | null;
  readonly action: TAccessAction;
  /** Employee ids whose data was read. */
  readonly subjects: readonly number[];
  readonly kind: TAccessKind;
  readonly recordId?: string | number | null;
  readonly req?: RequestMeta | undefined;
}

/** Writes one row, in the caller's transaction when it has one. */
export async function logAccess(tx: Db, entry: AccessEntry): Promise<void> {
  await tx.insert(accessLog).values({
    actorId: entry.actor?.id ?? null,
    actorName: entry.actor?.username ?? '',
    action: entry.action,
    kind: entry.kind,
    recordId: entry.recordId === undefined || entry.recordId === null ? null : String(entry.recordId),
    subjects: [...new Set(entry.subjects)].sort((a, b) => a - b),
    requestId: entry.req?.id ?? null,
    address: entry.req?.address?.slice(0, 64) ?? null,
  });
}

/** The caller's own employee id, if they are one. */
async function ownEmployeeId(ctx: RequestContext): Promise<number | null> {
  const [row] = await ctx.db
    .select({ id: employees.id })
    .from(employees)
    .where(eq(employees.userId, ctx.user.id));
  return row?.id ?? null;
}

/**
 * Logs the caller's read of one person's record, unless the person is the caller: reading one's own
 * records writes nothing.
 */
export async function logRead(
  ctx: RequestContext,
  entry: Omit<AccessEntry, 'actor' | 'req' | 'subjects'> & {
    /** The employee; with their account when the caller has it at hand, which spares a query. */
    subject: number | { readonly id: number; readonly userId: number | null };
  },
  tx: Db = ctx.db,
): Promise<void> {
  const { subject, ...rest } = entry;
  if (typeof subject === 'number' ? subject === (await ownEmployeeId(ctx)) : subject.userId === ctx.user.id)
    return;
  const id = typeof subject === 'number' ? subject : subject.id;
  await logAccess(tx, { ...rest, subjects: [id], actor: ctx.user, req: requestOf(ctx) });
}

/** Logs an export or a workbook of many: always written, listing every employee it holds. */
export async function logExport(
  ctx: RequestContext,
  entry: Omit<AccessEntry, 'actor' | 'req'>,
  tx: Db = ctx.db,
): Promise<void> {
  await logAccess(tx, { ...entry, actor: ctx.user, req: requestOf(ctx) });
}
