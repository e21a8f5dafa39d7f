// POST admin/people/{id}/deactivate/: the account can no longer sign in, and its sessions are revoked
// in the same transaction, so the person's next request is 401. The answer lists the requests left
// awaiting them, for the console to say whom to name instead.
import { eq } from 'drizzle-orm';
import type { TAdminDeactivation } from '@portal/shared/contracts/admin';
import { users } from '../../../db/schema/users.ts';
import { Conflict } from '../../../errors.ts';
import { PEOPLE_MSG } from './messages.ts';
import { accountOf, changePerson, lockAccount, revokeSessions } from './person-change.ts';
import type { OnRecord } from '../console-access.ts';

export async function deactivatePerson(on: OnRecord): Promise<TAdminDeactivation> {
  const { ctx, input } = on;
  let revoked = 0;
  const person = await changePerson(on, {
    action: 'deactivate',
    lock: (tx) => lockAccount(tx, input.id),
    write: async (tx, before) => {
      const userId = await accountOf(ctx, tx, before);
      if (userId === ctx.user.id) throw new Conflict(PEOPLE_MSG.self);
      if (!before.is_active) throw new Conflict(PEOPLE_MSG.alreadyInactive);
      await tx.update(users).set({ isActive: false }).where(eq(users.id, userId));
      revoked = await revokeSessions(tx, userId);
    },
    audit: () => ({ before: { is_active: true }, after: { is_active: false, revoked_sessions: revoked } }),
  });
  return { person, revoked_sessions: revoked, pending_approvals: person.pending_approvals };
}
