// POST admin/people/{id}/reactivate/: the account may sign in again.
import { eq } from 'drizzle-orm';
import type { TAdminPerson } from '@portal/shared/contracts/admin';
import type { RequestContext } from '../../../context.ts';
import { users } from '../../../db/schema/users.ts';
import { Conflict } from '../../../errors.ts';
import { PEOPLE_MSG } from './messages.ts';
import { accountOf, changePerson, lockAccount } from './person-change.ts';

export async function reactivatePerson({
  ctx,
  input: { id },
}: {
  ctx: RequestContext;
  input: { id: number };
}): Promise<TAdminPerson> {
  const { person } = await changePerson(ctx, {
    id,
    action: 'reactivate',
    lock: (tx) => lockAccount(tx, id),
    write: async (tx, before) => {
      const userId = await accountOf(ctx, tx, before);
      if (before.is_active) throw new Conflict(PEOPLE_MSG.alreadyActive);
      await tx.update(users).set({ isActive: true }).where(eq(users.id, userId));
    },
    audit: () => ({ before: { is_active: false }, after: { is_active: true } }),
  });
  return person;
}
