// POST admin/people/{id}/reactivate/: the account may sign in again.
import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema/users.ts';
import { Conflict } from '../../../errors.ts';
import { PEOPLE_MSG } from './messages.ts';
import { accountOf, changePerson, lockAccount } from './person-change.ts';
import type { OnRecord } from '../console-access.ts';

export function reactivatePerson(on: OnRecord) {
  return changePerson(on, {
    action: 'reactivate',
    lock: (tx) => lockAccount(tx, on.input.id),
    write: async (tx, before) => {
      const userId = await accountOf(on.ctx, tx, before);
      if (before.is_active) throw new Conflict(PEOPLE_MSG.alreadyActive);
      await tx.update(users).set({ isActive: true }).where(eq(users.id, userId));
    },
    audit: () => ({ before: { is_active: false }, after: { is_active: true } }),
  });
}
