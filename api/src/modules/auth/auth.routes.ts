import type { Request } from 'express';
import {
  ZAuthMethods,
  ZCasAuthRequest,
  ZCasTokenPair,
  ZLarkAuthRequest,
  ZLogoutDone,
  ZLogoutRequest,
  ZSignInHandoffRequest,
  ZTokenAuthRequest,
  ZTokenPair,
  ZTokenRefreshRequest,
} from '@portal/shared/contracts/auth';
import { API_MSG, SSO_MSG } from '@portal/shared/messages';
import { auth } from '@portal/shared/endpoints/auth';
import { moduleOf, type ModuleDeps } from '../../api-module.ts';
import { NotFound } from '../../errors.ts';
import { endpointRouter, route } from '../../http/route.ts';
import { requestLog } from '../../middleware/request-logger.ts';
import { logout, refreshTokens, signInWithPassword } from './auth.service.ts';
import { signInWithCas } from './cas-auth.ts';
import { casLogoutRoute } from './cas-logout.ts';
import { createLarkIdentityProvider, signInWithLark } from './lark-auth.ts';
import { createMailSignIn } from './mail-oidc.ts';
import { redeemHandoff } from './sign-in-handoff.ts';

function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

/** A sign-in door this deployment has not set up: 404 before its body is read. */
const unless = (open: unknown) => () => {
  if (!open) throw new NotFound(SSO_MSG.signInMethodUnavailable);
};

export const authModule = moduleOf('auth', auth, authRouter);

/**
 * One line per sign-in attempt, succeeded or failed (issue 39): who tried (`who`: the username, or for
 * a door whose input is itself a credential — a Lark code, a CAS ticket, a hand-over code — only the
 * method) and from where; never a password, token, code or ticket.
 */
async function loggedSignIn<T>(
  req: Request,
  who: { username: string } | { method: string },
  work: (ip: string) => Promise<T>,
  metrics: ModuleDeps['metrics'],
): Promise<T> {
  const attempt = { ...who, ip: clientIp(req) };
  const method = 'method' in who ? who.method : 'password';
  try {
    const answer = await work(attempt.ip);
    requestLog(req).info({ signIn: { ...attempt, ok: true } }, 'sign-in succeeded');
    metrics?.countSignIn(method, true);
    return answer;
  } catch (error) {
    const reason = error instanceof Error ? error.name : 'unknown';
    requestLog(req).warn({ signIn: { ...attempt, ok: false, reason } }, 'sign-in failed');
    metrics?.countSignIn(method, false);
    throw error;
  }
}

function authRouter(deps: ModuleDeps) {
  const on = endpointRouter(deps);
  const { config } = deps;
  const attempt = <T>(
    req: Request,
    who: { username: string } | { method: string },
    work: (ip: string) => Promise<T>,
  ) => loggedSignIn(req, who, work, deps.metrics);
  /** This portal as the browser sees it: PUBLIC_URL, else the request's own origin. */
  const originOf = (req: Request) => config.publicUrl ?? `${req.protocol}://${req.get('host') ?? ''}`;

  route(on, auth.signIn, { body: ZTokenAuthRequest, answer: ZTokenPair }, ({ body, req }) =>
    attempt(req, { username: body.username }, (ip) =>
      signInWithPassword({ ctx: deps, input: { ...body, ip } }),
    ),
  );
  route(on, auth.refreshTokens, { body: ZTokenRefreshRequest, answer: ZTokenPair }, ({ body }) =>
    refreshTokens({ ctx: deps, input: body }),
  );
  route(on, auth.logout, { body: ZLogoutRequest, answer: ZLogoutDone }, async ({ ctx, body }) => {
    await logout({ ctx: { ...ctx, tokens: deps.tokens }, input: body });
    return { detail: API_MSG.logoutDone };
  });

  const larkProvider = config.lark ? createLarkIdentityProvider(config.lark, deps.logger) : null;
  route(
    on,
    auth.larkSignIn,
    { guard: unless(larkProvider), body: ZLarkAuthRequest, answer: ZTokenPair },
    ({ body: { code }, req }) => {
      const lark = { lark: larkProvider!, provisionDomains: config.lark!.provisionEmailDomains };
      return attempt(req, { method: 'lark' }, () =>
        signInWithLark({ ctx: { ...deps, ...lark }, input: { code, ip: clientIp(req) } }),
      );
    },
  );
  route(
    on,
    auth.casSignIn,
    { guard: unless(config.cas), body: ZCasAuthRequest, answer: ZCasTokenPair },
    ({ body, req }) => {
      const input = { ...body, ip: clientIp(req), origin: originOf(req) };
      return attempt(req, { method: 'cas' }, () =>
        signInWithCas({ ctx: { ...deps, cas: config.cas! }, input }),
      );
    },
  );
  casLogoutRoute(on, { cas: config.cas, tokens: deps.tokens, originOf });

  const mail = config.oidc
    ? createMailSignIn({
        auth: deps,
        oidc: config.oidc,
        secret: config.jwtSecret,
        logger: deps.logger,
        metrics: deps.metrics,
      })
    : null;
  route(on, auth.mailStart, { guard: unless(mail) }, ({ req, res }) => mail!.start(req, res));
  route(on, auth.mailCallback, { guard: unless(mail) }, ({ req, res }) => mail!.callback(req, res));
  route(on, auth.handoff, { body: ZSignInHandoffRequest, answer: ZTokenPair }, ({ body, req }) =>
    attempt(req, { method: 'handoff' }, () => redeemHandoff({ ctx: deps, input: body })),
  );
  route(on, auth.methods, { answer: ZAuthMethods }, () => ({
    password: true,
    cas: config.cas ? { login_url: `${config.cas.serverUrl}/login` } : null,
    mail: config.oidc ? { label: config.oidc.label } : null,
    lark: config.lark ? { app_id: config.lark.appId, sdk_url: config.lark.sdkUrl } : null,
  }));
  return on.router;
}
