import type { TLogoutRequest, TTokenAuthRequest, TTokenPair } from '@portal/shared/contracts/auth';
import { API_MSG } from '@portal/shared/messages';
import type { RequestContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { AuthMethod } from '../../db/schema/auth.ts';
import { AuthenticationFailed, InvalidToken, TokenReused } from '../../errors.ts';
import { findLiveSessionUser } from '../../identity/live-session.ts';
import * as repo from './auth.repository.ts';
import type { LoginThrottle } from '../../identity/login-throttle.ts';
import { verifyPassword } from './passwords.ts';
import type { TokenService } from '../../identity/tokens.ts';

/** What the public auth calls need; there is no signed-in user yet. */
export interface AuthDeps {
  readonly db: Db;
  readonly tokens: TokenService;
  readonly throttle: LoginThrottle;
}

/** Opens a session and hands out its first token pair (password, Lark and mail sign-ins). */
export async function openSession(
  deps: Pick<AuthDeps, 'db' | 'tokens'>,
  userId: number,
  method: AuthMethod,
): Promise<TTokenPair> {
  return (await openSessionWithId(deps, userId, method)).pair;
}

/** openSession that also names the new session; CAS keeps its ticket on it for single logout. */
export async function openSessionWithId(
  deps: Pick<AuthDeps, 'db' | 'tokens'>,
  userId: number,
  method: AuthMethod,
  externalSessionId: string | null = null,
): Promise<{ pair: TTokenPair; sessionId: string }> {
  const { db, tokens } = deps;
  return db.transaction(async (tx) => {
    const sessionId = await repo.createSession(tx, userId, method, externalSessionId);
    const refresh = await tokens.issueRefresh({ userId, sessionId });
    await repo.saveRefreshToken(tx, { jti: refresh.jti, sessionId, expiresAt: refresh.expiresAt });
    await repo.recordLastLogin(tx, userId);
    const access = await tokens.issueAccess({ userId, sessionId });
    return { pair: { access, refresh: refresh.token }, sessionId };
  });
}

export async function signInWithPassword({
  ctx,
  input,
}: {
  ctx: AuthDeps;
  input: TTokenAuthRequest & { ip: string };
}): Promise<TTokenPair> {
  await ctx.throttle.admit(input.ip, input.username);
  const candidate = await repo.findSignInCandidate(ctx.db, input.username);
  const matches = await verifyPassword(candidate?.passwordHash, input.password);
  // The attempt stays charged to the throttle: that is what counts the failures.
  if (!candidate || !matches) throw new AuthenticationFailed(API_MSG.invalidCredentials);
  await ctx.throttle.recordSuccess(input.ip, input.username);
  // Told only to someone who knows the password, so it reveals nothing to a guesser.
  if (!candidate.isActive) throw new AuthenticationFailed(API_MSG.inactiveUser);
  return openSession(ctx, candidate.id, 'password');
}

type RefreshOutcome = { kind: 'ok'; pair: TTokenPair } | { kind: 'invalid' } | { kind: 'reused' };

/**
 * Rotation: the presented refresh token is spent and a new pair is returned. Presenting a spent token
 * again means it was copied, so the whole session (every token of the family) is revoked.
 */
export async function refreshTokens({
  ctx,
  input,
}: {
  ctx: Pick<AuthDeps, 'db' | 'tokens'>;
  input: { refresh: string };
}): Promise<TTokenPair> {
  const claims = await ctx.tokens.verifyRefresh(input.refresh);
  // The revocation must be committed even though the caller gets an error, so the transaction
  // returns an outcome and the error is thrown after it.
  const outcome = await ctx.db.transaction(async (tx): Promise<RefreshOutcome> => {
    const consumed = await repo.consumeRefreshToken(tx, claims.jti);
    if (!consumed) {
      const known = await repo.findRefreshToken(tx, claims.jti);
      if (known?.usedAt) {
        await repo.revokeSession(tx, known.sessionId);
        return { kind: 'reused' };
      }
      return { kind: 'invalid' };
    }
    if (consumed.sessionId !== claims.sessionId) return { kind: 'invalid' };
    const user = await findLiveSessionUser(tx, claims.userId, claims.sessionId);
    if (!user) return { kind: 'invalid' };
    const subject = { userId: user.id, sessionId: claims.sessionId };
    const refresh = await ctx.tokens.issueRefresh(subject);
    await repo.saveRefreshToken(tx, {
      jti: refresh.jti,
      sessionId: subject.sessionId,
      expiresAt: refresh.expiresAt,
    });
    return { kind: 'ok', pair: { access: await ctx.tokens.issueAccess(subject), refresh: refresh.token } };
  });
  if (outcome.kind === 'reused') throw new TokenReused();
  if (outcome.kind === 'invalid') throw new InvalidToken();
  return outcome.pair;
}

/** Revokes the caller's session, and the refresh token's session when it is another of the caller's. */
export async function logout({
  ctx,
  input,
}: {
  ctx: Pick<RequestContext, 'db' | 'sessionId' | 'user'> & { tokens: TokenService };
  input: TLogoutRequest;
}) {
  await repo.revokeSession(ctx.db, ctx.sessionId);
  if (!input.refresh) return;
  const claims = await ctx.tokens.verifyRefresh(input.refresh).catch(() => null);
  if (!claims || claims.sessionId === ctx.sessionId) return;
  const owner = await repo.findSessionOwner(ctx.db, claims.sessionId);
  if (owner === ctx.user.id) await repo.revokeSession(ctx.db, claims.sessionId);
}
