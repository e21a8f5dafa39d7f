import { Router, type Request, type RequestHandler } from 'express';
import {
  ZCasAuthRequest,
  ZLarkAuthRequest,
  ZLogoutRequest,
  ZSignInHandoffRequest,
  ZTokenAuthRequest,
  ZTokenRefreshRequest,
  type TAuthMethods,
} from '@portal/shared/contracts/auth';
import { API_MSG, SSO_MSG } from '@portal/shared/messages';
import type { ApiModule } from '../../api-module.ts';
import type { AppConfig } from '../../config.ts';
import { NotFound } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import { contextOf } from '../../middleware/authenticate.ts';
import { methodNotAllowed } from '../../middleware/method-not-allowed.ts';
import { parseBody } from '../../middleware/validate.ts';
import { logout, refreshTokens, signInWithPassword, type AuthDeps } from './auth.service.ts';
import { signInWithCas } from './cas-auth.ts';
import { casLogoutRouter } from './cas-logout.ts';
import { createLarkIdentityProvider, signInWithLark } from './lark-auth.ts';
import { createMailSignIn } from './mail-oidc.ts';
import { redeemHandoff } from './sign-in-handoff.ts';

function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

/** What the public auth routes need beyond the token machinery: which doors are open, and a log. */
export interface AuthRouterDeps extends AuthDeps {
  readonly requireAuth: RequestHandler;
  readonly config: AppConfig;
  readonly logger: Logger;
}

export const authModule: ApiModule = {
  name: 'auth',
  prefixes: [
    '/token-auth',
    '/token-refresh',
    '/account/logout',
    '/account/cas-logout',
    '/lark-auth',
    '/cas-auth',
    '/auth/',
  ],
  router: authRouter,
};

function authRouter(deps: AuthRouterDeps): Router {
  const router = Router();
  const { config } = deps;
  /** This portal as the browser sees it: PUBLIC_URL, else the request's own origin. */
  const originOf = (req: Request) => config.publicUrl ?? `${req.protocol}://${req.get('host') ?? ''}`;

  router
    .route('/token-auth')
    .post(async (req, res) => {
      const input = parseBody(ZTokenAuthRequest, req);
      res.json(await signInWithPassword({ ctx: deps, input: { ...input, ip: clientIp(req) } }));
    })
    .all(methodNotAllowed);

  router
    .route('/token-refresh')
    .post(async (req, res) => {
      res.json(await refreshTokens({ ctx: deps, input: parseBody(ZTokenRefreshRequest, req) }));
    })
    .all(methodNotAllowed);

  router
    .route('/account/logout')
    .post(deps.requireAuth, async (req, res) => {
      const input = parseBody(ZLogoutRequest, req);
      await logout({ ctx: { ...contextOf(req), tokens: deps.tokens }, input });
      res.json({ detail: API_MSG.logoutDone });
    })
    .all(methodNotAllowed);

  const larkProvider = config.lark ? createLarkIdentityProvider(config.lark, deps.logger) : null;
  router
    .route('/lark-auth')
    .post(async (req, res) => {
      if (!larkProvider || !config.lark) throw new NotFound(SSO_MSG.signInMethodUnavailable);
      const { code } = parseBody(ZLarkAuthRequest, req);
      const ctx = { ...deps, lark: larkProvider, provisionDomains: config.lark.provisionEmailDomains };
      res.json(await signInWithLark({ ctx, input: { code, ip: clientIp(req) } }));
    })
    .all(methodNotAllowed);

  router
    .route('/cas-auth')
    .post(async (req, res) => {
      if (!config.cas) throw new NotFound(SSO_MSG.signInMethodUnavailable);
      const body = parseBody(ZCasAuthRequest, req);
      const input = { ...body, ip: clientIp(req), origin: originOf(req) };
      res.json(await signInWithCas({ ctx: { ...deps, cas: config.cas }, input }));
    })
    .all(methodNotAllowed);

  router.use(
    casLogoutRouter({ cas: config.cas, tokens: deps.tokens, requireAuth: deps.requireAuth, originOf }),
  );

  const mail = config.oidc
    ? createMailSignIn({ auth: deps, oidc: config.oidc, secret: config.jwtSecret, logger: deps.logger })
    : null;
  router
    .route('/auth/mail/start')
    .get(async (req, res) => {
      if (!mail) throw new NotFound(SSO_MSG.signInMethodUnavailable);
      await mail.start(req, res);
    })
    .all(methodNotAllowed);
  router
    .route('/auth/mail/callback')
    .get(async (req, res) => {
      if (!mail) throw new NotFound(SSO_MSG.signInMethodUnavailable);
      await mail.callback(req, res);
    })
    .all(methodNotAllowed);

  router
    .route('/auth/handoff')
    .post(async (req, res) => {
      res.json(await redeemHandoff({ ctx: deps, input: parseBody(ZSignInHandoffRequest, req) }));
    })
    .all(methodNotAllowed);

  router
    .route('/auth/methods')
    .get((_req, res) => {
      const methods: TAuthMethods = {
        password: true,
        cas: config.cas ? { login_url: `${config.cas.serverUrl}/login` } : null,
        mail: config.oidc ? { label: config.oidc.label } : null,
        lark: config.lark ? { app_id: config.lark.appId, sdk_url: config.lark.sdkUrl } : null,
      };
      res.json(methods);
    })
    .all(methodNotAllowed);

  return router;
}
