// POST admin/people/{id}/password/: a temporary password; the person must choose their own at the
// next sign-in. Their sessions end (the caller's own stay).
import { eq } from 'drizzle-orm';
import type { TAdminPasswordReset } from '@portal/shared/contracts/admin';
import { users } from '../../../db/schema/users.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { accountOf, changePerson, revokeSessions } from './person-change.ts';
import type { OnRecord } from '../console-access.ts';

export async function resetPassword(on: OnRecord<TAdminPasswordReset>) {
  const { ctx } = on;
  const passwordHash = await hashPassword(on.input.body.password);
  let revoked = 0;
  return changePerson(on, {
    action: 'reset_password',
    write: async (tx, before) => {
      const userId = await accountOf(ctx, tx, before);
      await tx.update(users).set({ passwordHash, mustChangePassword: true }).where(eq(users.id, userId));
      if (userId !== ctx.user.id) revoked = await revokeSessions(tx, userId);
    },
    audit: (before) => ({
      before: { must_change_password: before.must_change_password },
      after: { must_change_password: true, revoked_sessions: revoked },
    }),
  });
}
