// 法的保全 (issue 34): HR put a legal hold on an employee, with a reason, and every retention deletion
// about them stops (modules/retention/run-retention.ts) until HR release it. Each change is audited.
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { TAdminHold, TAdminHoldRequest } from '@portal/shared/contracts/admin';
import type { RequestContext } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import { employees } from '../../../db/schema/employees.ts';
import { retentionHolds } from '../../../db/schema/privacy.ts';
import { users } from '../../../db/schema/users.ts';
import { Conflict, NotFound } from '../../../errors.ts';
import { consoleChange, type OnRecord } from '../console-access.ts';

export const HOLD_MSG = {
  alreadyHeld: 'この社員には既に法的保全が設定されています。',
  notHeld: 'この社員に法的保全は設定されていません。',
} as const;

async function holdOf(db: Db, employeeId: number): Promise<TAdminHold> {
  const [employee] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(eq(employees.id, employeeId));
  if (!employee) throw new NotFound();
  return activeHold(db, employeeId);
}

/** The hold in force on an employee known to exist (the console's person shows it). */
export async function activeHold(db: Db, employeeId: number): Promise<TAdminHold> {
  const [row] = await db
    .select({ reason: retentionHolds.reason, createdAt: retentionHolds.createdAt, by: users.username })
    .from(retentionHolds)
    .leftJoin(users, eq(users.id, retentionHolds.createdById))
    .where(and(eq(retentionHolds.employeeId, employeeId), isNull(retentionHolds.releasedAt)))
    .orderBy(desc(retentionHolds.id))
    .limit(1);
  return {
    hold: row
      ? { reason: row.reason, created_at: row.createdAt.toISOString(), created_by: row.by ?? '' }
      : null,
  };
}

export async function getHold({ ctx, input }: { ctx: RequestContext; input: { id: number } }) {
  return holdOf(ctx.db, input.id);
}

export async function setHold({ ctx, input }: OnRecord<TAdminHoldRequest>): Promise<TAdminHold> {
  return consoleChange(ctx, {
    resource: 'people',
    before: (tx) => holdOf(tx, input.id),
    write: async (tx, before) => {
      if (before.hold) throw new Conflict(HOLD_MSG.alreadyHeld);
      await tx
        .insert(retentionHolds)
        .values({ employeeId: input.id, reason: input.body.reason, createdById: ctx.user.id });
      return holdOf(tx, input.id);
    },
    audit: (_before, after) => ({
      action: 'set_hold',
      objectId: input.id,
      objectLabel: `#${input.id}`,
      before: null,
      after: { reason: after.hold?.reason },
    }),
  });
}

export async function releaseHold({ ctx, input }: OnRecord): Promise<TAdminHold> {
  return consoleChange(ctx, {
    resource: 'people',
    before: (tx) => holdOf(tx, input.id),
    write: async (tx, before) => {
      if (!before.hold) throw new Conflict(HOLD_MSG.notHeld);
      await tx
        .update(retentionHolds)
        .set({ releasedAt: new Date(), releasedById: ctx.user.id })
        .where(and(eq(retentionHolds.employeeId, input.id), isNull(retentionHolds.releasedAt)));
      return holdOf(tx, input.id);
    },
    audit: (before) => ({
      action: 'release_hold',
      objectId: input.id,
      objectLabel: `#${input.id}`,
      before: { reason: before.hold?.reason },
      after: null,
    }),
  });
}
