import { Router, type RequestHandler } from 'express';
import {
  ZLogoutRequest,
  ZTokenAuthRequest,
  ZTokenRefreshRequest,
  type TAuthMethods,
} from '@portal/shared/contracts/auth';
import { API_MSG } from '@portal/shared/messages';
import { contextOf } from '../../middleware/authenticate.ts';
import { methodNotAllowed } from '../../middleware/method-not-allowed.ts';
import { parseBody } from '../../middleware/validate.ts';
import { logout, refreshTokens, signInWithPassword, type AuthDeps } from './auth.service.ts';

export function authRouter(deps: AuthDeps & { requireAuth: RequestHandler }): Router {
  const router = Router();

  router
    .route('/token-auth')
    .post(async (req, res) => {
      const input = parseBody(ZTokenAuthRequest, req);
      const ip = req.ip ?? req.socket.remoteAddress ?? 'unknown';
      res.json(await signInWithPassword({ ctx: deps, input: { ...input, ip } }));
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

  // The sign-in issue fills CAS, mail and Lark from configuration; for now only the password form.
  router
    .route('/auth/methods')
    .get((_req, res) => {
      const methods: TAuthMethods = { password: true, cas: null, mail: null, lark: null };
      res.json(methods);
    })
    .all(methodNotAllowed);

  return router;
}
