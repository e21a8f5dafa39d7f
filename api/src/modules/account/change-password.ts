// The signed-in user changes their own password: after an administrator's reset (must_change_password)
// or at any time. The current password is checked; the user's other sessions end, this one stays.
import { and, eq, isNull, ne } from 'drizzle-orm';
import { ZPasswordChange } from '@portal/shared/contracts/account';
import type { RequestContext } from '../../context.ts';
import { authSessions } from '../../db/schema/auth.ts';
import { users } from '../../db/schema/users.ts';
import { ValidationError } from '../../errors.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';

export const WRONG_CURRENT_PASSWORD = '現在のパスワードが正しくありません。';

export async function changePassword({ ctx, input }: { ctx: RequestContext; input: unknown }) {
  const parsed = ZPasswordChange.safeParse(input ?? {});
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  const body = parsed.data;
  const [user] = await ctx.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, ctx.user.id));
  if (!(await verifyPassword(user?.passwordHash, body.current_password)))
    throw ValidationError.field('current_password', WRONG_CURRENT_PASSWORD);
  const passwordHash = await hashPassword(body.new_password);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, mustChangePassword: false }).where(eq(users.id, ctx.user.id));
    await tx
      .update(authSessions)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(authSessions.userId, ctx.user.id),
          isNull(authSessions.revokedAt),
          ne(authSessions.id, ctx.sessionId),
        ),
      );
  });
  return { detail: 'パスワードを変更しました。' };
}
