// POST admin/people/{id}/password/: a temporary password; the person must choose their own at the
// next sign-in. Their sessions end (the caller's own stay).
import { eq } from 'drizzle-orm';
import type { TAdminPasswordReset, TAdminPerson } from '@portal/shared/contracts/admin';
import type { RequestContext } from '../../../context.ts';
import { users } from '../../../db/schema/users.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { accountOf, changePerson, revokeSessions } from './person-change.ts';

export async function resetPassword({
  ctx,
  input: { id, body },
}: {
  ctx: RequestContext;
  input: { id: number; body: TAdminPasswordReset };
}): Promise<TAdminPerson> {
  const passwordHash = await hashPassword(body.password);
  const { person } = await changePerson(ctx, {
    id,
    action: 'reset_password',
    write: async (tx, before) => {
      const userId = await accountOf(ctx, tx, before);
      await tx.update(users).set({ passwordHash, mustChangePassword: true }).where(eq(users.id, userId));
      return userId === ctx.user.id ? 0 : revokeSessions(tx, userId);
    },
    audit: (before, _after, revoked) => ({
      before: { must_change_password: before.must_change_password },
      after: { must_change_password: true, revoked_sessions: revoked },
    }),
  });
  return person;
}
