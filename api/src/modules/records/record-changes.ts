// What every change of an employee's own records writes in its transaction: the change with the
// value before and after, a bell for HR (holders of employee.view_employee), and, for the salary
// account, a Lark message to the employee through the outbox.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { TEventJobName } from '@portal/shared/contracts/bot-jobs';
import {
  RECORD_MSG,
  RECORD_PAGES,
  RECORD_SUBJECTS,
  type TRecordSubject,
} from '@portal/shared/contracts/records';
import { PERM } from '@portal/shared/permissions';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { outbox } from '../../db/schema/outbox.ts';
import { recordChanges } from '../../db/schema/records.ts';
import { groupPermissions, permissions, userGroups, userPermissions, users } from '../../db/schema/users.ts';
import { larkReachOf } from '../bot/lark-users.ts';
import type { RecordOwner } from './record-access.ts';

export interface RecordChange {
  readonly owner: RecordOwner;
  readonly actorId: number;
  readonly subject: TRecordSubject;
  readonly subjectId: number | null;
  readonly action: 'create' | 'update' | 'delete';
  readonly before: Record<string, unknown> | null;
  readonly after: Record<string, unknown> | null;
}

/** The active users holding employee.view_employee, directly or through a group. */
export async function hrUserIds(db: Db): Promise<number[]> {
  const [perm] = await db
    .select({ id: permissions.id })
    .from(permissions)
    .where(eq(permissions.codename, PERM.viewEmployee));
  if (!perm) return [];
  const direct = db
    .select({ userId: userPermissions.userId })
    .from(userPermissions)
    .where(eq(userPermissions.permissionId, perm.id));
  const viaGroup = db
    .select({ userId: userGroups.userId })
    .from(userGroups)
    .innerJoin(groupPermissions, eq(groupPermissions.groupId, userGroups.groupId))
    .where(eq(groupPermissions.permissionId, perm.id));
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isActive, true), or(inArray(users.id, direct), inArray(users.id, viaGroup))));
  return rows.map((r) => r.id);
}

/** Records the change and tells HR in the bell (never the actor themself). */
export async function recordChange(
  tx: Db,
  change: RecordChange,
  bell?: { title: string; content: string },
): Promise<void> {
  await tx.insert(recordChanges).values({
    employeeId: change.owner.id,
    actorId: change.actorId,
    subject: change.subject,
    subjectId: change.subjectId,
    action: change.action,
    before: change.before,
    after: change.after,
  });
  const subject = RECORD_SUBJECTS[change.subject];
  const hr = (await hrUserIds(tx)).filter((id) => id !== change.actorId);
  if (hr.length === 0) return;
  await tx.insert(notifications).values(
    hr.map((userId) => ({
      userId,
      title: bell?.title ?? RECORD_MSG.changedTitle(subject),
      content: bell?.content ?? RECORD_MSG.changedContent(change.owner.name, subject),
      forward: `${RECORD_PAGES[change.subject]}?employee=${change.owner.id}`,
    })),
  );
}

/** A Lark text message to one user, through the outbox (the bot resolves their Lark user). */
export async function queueLarkNotice(tx: Db, userId: number, text: string): Promise<void> {
  await queueLarkNotices(tx, [{ userId, text, key: `record-notice:${randomUUID()}` }]);
}

/** Many at once (one reach lookup): each with its own idempotency key, so a re-run queues none twice. */
export async function queueLarkNotices(
  tx: Db,
  notices: readonly { userId: number; text: string; key: string }[],
): Promise<void> {
  if (notices.length === 0) return;
  const reach = await larkReachOf(
    tx,
    notices.map((n) => n.userId),
  );
  const topic: TEventJobName = 'records.lark_notice';
  for (let i = 0; i < notices.length; i += 1000)
    await tx
      .insert(outbox)
      .values(
        notices.slice(i, i + 1000).map(({ userId, text, key }) => {
          const to = reach.get(userId) ?? { open_id: null, lookup_email: null };
          return {
            topic,
            idempotencyKey: key,
            payload: { user_id: userId, open_id: to.open_id, lookup_email: to.lookup_email, text },
          };
        }),
      )
      .onConflictDoNothing();
}
