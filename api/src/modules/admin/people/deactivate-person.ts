// POST admin/people/{id}/deactivate/: the account can no longer sign in, and its sessions are revoked
// in the same transaction, so the person's next request is 401. Issue 34 (leavers): the 退職日 is
// set (default today); their open requests are cancelled with HR's reason when HR chose so, else left
// for HR (the answer lists the approvals left awaiting them); steps waiting on them move to the head
// above; the proxies they hold or gave end; the assets they hold are to be recalled (要回収, issue 31).
import { eq } from 'drizzle-orm';
import type { TAdminDeactivate, TAdminDeactivation } from '@portal/shared/contracts/admin';
import { tokyoDate } from '../../../dates.ts';
import { employees } from '../../../db/schema/employees.ts';
import { users } from '../../../db/schema/users.ts';
import { Conflict } from '../../../errors.ts';
import { PEOPLE_MSG } from './messages.ts';
import { cancelOpenRequests, endProxies, moveWaitingSteps, type MovedStep } from './leaver-steps.ts';
import { accountOf, changePerson, lockAccount, revokeSessions } from './person-change.ts';
import type { OnRecord } from '../console-access.ts';
import { markForRecall } from '../../assets/lend-unit.ts';

export async function deactivatePerson(on: OnRecord<TAdminDeactivate>): Promise<TAdminDeactivation> {
  const { ctx, input } = on;
  const body = input.body;
  const leftOn = body.left_on ?? tokyoDate();
  let revoked = 0;
  let cancelled: number[] = [];
  let moved: MovedStep[] = [];
  let endedProxies = 0;
  let recall: string[] = [];
  const person = await changePerson(on, {
    action: 'deactivate',
    lock: (tx) => lockAccount(tx, input.id),
    write: async (tx, before) => {
      const userId = await accountOf(ctx, tx, before);
      if (userId === ctx.user.id) throw new Conflict(PEOPLE_MSG.self);
      if (!before.is_active) throw new Conflict(PEOPLE_MSG.alreadyInactive);
      await tx.update(users).set({ isActive: false }).where(eq(users.id, userId));
      await tx.update(employees).set({ leftOn }).where(eq(employees.id, input.id));
      revoked = await revokeSessions(tx, userId);
      if (body.open_requests === 'cancel')
        cancelled = await cancelOpenRequests(tx, userId, ctx.user.id, body.reason!.trim());
      moved = await moveWaitingSteps(tx, userId);
      endedProxies = await endProxies(tx, userId);
      recall = await markForRecall(tx, userId);
    },
    audit: () => ({
      before: { is_active: true },
      after: {
        is_active: false,
        left_on: leftOn,
        revoked_sessions: revoked,
        cancelled_requests: cancelled,
        moved_steps: moved.length,
        ended_proxies: endedProxies,
        recall_assets: recall,
      },
    }),
  });
  return {
    person,
    revoked_sessions: revoked,
    pending_approvals: person.pending_approvals,
    cancelled_requests: cancelled,
    moved_steps: moved,
    ended_proxies: endedProxies,
    recall_assets: recall,
  };
}
