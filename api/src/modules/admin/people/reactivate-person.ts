// POST admin/people/{id}/reactivate/: the account may sign in again.
import { eq } from 'drizzle-orm';
import { employees } from '../../../db/schema/employees.ts';
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
      // Back at work: no longer a leaver (issue 34), so retention does not count from an old 退職日.
      await tx.update(employees).set({ leftOn: null }).where(eq(employees.id, on.input.id));
    },
    audit: () => ({ before: { is_active: false }, after: { is_active: true } }),
  });
}
