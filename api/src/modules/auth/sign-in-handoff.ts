// Handing a single sign-on's session to the page without a token in the URL (issue 32, finding 7).
// The mail sign-in's callback used to redirect to /login-native?access_token=…&refresh=…, which put a
// 14-day refresh token into the request log, the browser's history and any proxy's log. Now it
// redirects with a one-time code: random, kept only as its SHA-256, valid for a minute and spent by
// the first POST /api/auth/handoff/ that names it (a conditional DELETE: of two simultaneous
// exchanges one wins). The session itself is opened at the exchange, for the account as it is then.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { TTokenPair } from '@portal/shared/contracts/auth';
import { SSO_MSG } from '@portal/shared/messages';
import type { Db } from '../../db/client.ts';
import { signInHandoffs, type AuthMethod } from '../../db/schema/auth.ts';
import { users } from '../../db/schema/users.ts';
import { AuthenticationFailed } from '../../errors.ts';
import { openSession, type AuthDeps } from './auth.service.ts';

export const HANDOFF_TTL_SECONDS = 60;

const digest = (code: string) => createHash('sha256').update(code).digest('hex');

/** A fresh one-time code for the user's sign-in; expired codes are swept on the way. */
export async function issueHandoff(db: Db, userId: number, method: AuthMethod): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  await db.delete(signInHandoffs).where(lt(signInHandoffs.expiresAt, sql`now()`));
  await db.insert(signInHandoffs).values({
    codeHash: digest(code),
    userId,
    method,
    expiresAt: sql`now() + make_interval(secs => ${HANDOFF_TTL_SECONDS})`,
  });
  return code;
}

/** POST /api/auth/handoff/: spends the code and opens the session; unknown, spent or expired → 401. */
export async function redeemHandoff({
  ctx,
  input,
}: {
  ctx: Pick<AuthDeps, 'db' | 'tokens'>;
  input: { code: string };
}): Promise<TTokenPair> {
  const [handoff] = await ctx.db
    .delete(signInHandoffs)
    .where(and(eq(signInHandoffs.codeHash, digest(input.code)), gt(signInHandoffs.expiresAt, sql`now()`)))
    .returning({ userId: signInHandoffs.userId, method: signInHandoffs.method });
  if (!handoff) throw new AuthenticationFailed(SSO_MSG.handoffInvalid);
  // Deactivated within the minute: the door closed meanwhile.
  const [user] = await ctx.db
    .select({ isActive: users.isActive })
    .from(users)
    .where(eq(users.id, handoff.userId));
  if (!user?.isActive) throw new AuthenticationFailed(SSO_MSG.handoffInvalid);
  return openSession(ctx, handoff.userId, handoff.method);
}
