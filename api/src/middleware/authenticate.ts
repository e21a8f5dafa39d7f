// `Authorization: JWT <access>` (spec §7; `Bearer` is accepted too, for tools). The token must verify
// AND its session must still be live, so a logout or a detected refresh-token reuse stops the access
// token at once instead of at its expiry. The session's answer is cached until anything changes a
// session or a user (cache/change-feed.ts), here or in another replica; otherwise it is one query.
import type { Request, RequestHandler } from 'express';
import { decodeJwt } from 'jose';
import { AUTH_SCHEME } from '@portal/shared/contracts/auth';
import type { ChangeFeed } from '../cache/change-feed.ts';
import { versionedCache } from '../cache/versioned-cache.ts';
import { requestContext, type RequestContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { InvalidToken, NotAuthenticated } from '../errors.ts';
import { findLiveSessionUser, type SessionUser } from '../identity/live-session.ts';
import { noteRequest } from '../identity/request-meta.ts';
import { noteCaller, notePrincipal } from './request-logger.ts';
import type { TokenService, TokenSubject } from '../identity/tokens.ts';

const contexts = new WeakMap<Request, RequestContext>();

function bearerOf(req: Request): string | null {
  const header = req.get('authorization');
  if (!header) return null;
  const [scheme, token, ...rest] = header.trim().split(/\s+/);
  if (!scheme || !token || rest.length > 0) throw new InvalidToken();
  const word = scheme.toLowerCase();
  if (word !== AUTH_SCHEME.toLowerCase() && word !== 'bearer') throw new InvalidToken();
  return token;
}

const MAX_REMEMBERED_TOKENS = 10_000;

/**
 * What a token verified to, until it expires: a signed token's claims cannot change, so the HMAC need
 * not run again on every request of a session (the session itself is still checked every time).
 */
function verifiedTokens(tokens: TokenService) {
  const remembered = new Map<string, { subject: TokenSubject; expiresAt: number }>();
  return async (token: string): Promise<TokenSubject> => {
    const known = remembered.get(token);
    if (known && Date.now() < known.expiresAt) return known.subject;
    if (known) remembered.delete(token);
    const subject = await tokens.verifyAccess(token);
    const { exp } = decodeJwt(token);
    if (exp !== undefined) {
      if (remembered.size >= MAX_REMEMBERED_TOKENS) remembered.delete(remembered.keys().next().value!);
      remembered.set(token, { subject, expiresAt: exp * 1000 });
    }
    return subject;
  };
}

const MAX_REMEMBERED_SESSIONS = 10_000;
/** What findLiveSessionUser reads. */
const SESSION_TABLES = ['auth_sessions', 'users'];

export function authenticate(db: Db, tokens: TokenService, changes: ChangeFeed): RequestHandler {
  const verify = verifiedTokens(tokens);
  const sessions = versionedCache<SessionUser | null>(changes, MAX_REMEMBERED_SESSIONS, SESSION_TABLES);
  return async (req, _res, next) => {
    const token = bearerOf(req);
    if (!token) throw new NotAuthenticated();
    const subject = await verify(token);
    const user = await sessions.remember(`${subject.userId}:${subject.sessionId}`, () =>
      findLiveSessionUser(db, subject.userId, subject.sessionId, { prepared: true }),
    );
    if (!user) throw new InvalidToken();
    const ctx = requestContext(db, user, subject.sessionId, {
      onActingFor: (principalId) => notePrincipal(req, principalId),
    });
    noteRequest(ctx, req);
    noteCaller(req, user.id);
    contexts.set(req, ctx);
    next();
  };
}

/** For another credential that settled who the caller is (the bot's, modules/bot/service-credential.ts). */
export function attachContext(req: Request, ctx: RequestContext): void {
  noteCaller(req, ctx.user.id);
  contexts.set(req, ctx);
}

/** The signed-in user's id for the request log, when a credential settled one. */
export const userIdOf = (req: Request): number | undefined => contexts.get(req)?.user.id;

/** The context `authenticate` attached; calling it on a public route is a programming error. */
export function contextOf(req: Request): RequestContext {
  const ctx = contexts.get(req);
  if (!ctx) throw new NotAuthenticated();
  return ctx;
}
