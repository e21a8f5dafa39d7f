// `Authorization: JWT <access>` (spec §7; `Bearer` is accepted too, for tools). The token must verify
// AND its session must still be live, checked in one query per request, so a logout or a detected
// refresh-token reuse stops the access token at once instead of at its expiry.
import type { Request, RequestHandler } from 'express';
import { AUTH_SCHEME } from '@portal/shared/contracts/auth';
import type { RequestContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { InvalidToken, NotAuthenticated } from '../errors.ts';
import { findLiveSessionUser } from '../modules/auth/auth.repository.ts';
import type { TokenService } from '../modules/auth/tokens.ts';

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

export function authenticate(db: Db, tokens: TokenService): RequestHandler {
  return async (req, _res, next) => {
    const token = bearerOf(req);
    if (!token) throw new NotAuthenticated();
    const subject = await tokens.verifyAccess(token);
    const user = await findLiveSessionUser(db, subject.userId, subject.sessionId);
    if (!user) throw new InvalidToken();
    contexts.set(req, { db, user, sessionId: subject.sessionId });
    next();
  };
}

/** For another credential that settled who the caller is (the bot's, modules/bot/service-credential.ts). */
export function attachContext(req: Request, ctx: RequestContext): void {
  contexts.set(req, ctx);
}

/** The context `authenticate` attached; calling it on a public route is a programming error. */
export function contextOf(req: Request): RequestContext {
  const ctx = contexts.get(req);
  if (!ctx) throw new NotAuthenticated();
  return ctx;
}
