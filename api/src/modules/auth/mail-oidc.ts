// Mail-account sign-in: OpenID Connect authorization code flow with PKCE against the company's mail
// provider (Microsoft 365, Google Workspace, …), with openid-client. The browser goes to
// GET /api/auth/mail/start/?next=…, which remembers state, nonce, PKCE verifier and `next` in a short-
// lived signed cookie (the API keeps no session state, so any replica can finish the flow) and
// redirects to the provider. The provider sends it back to GET /api/auth/mail/callback/, which
// checks everything, finds the account by its verified e-mail address and sends the browser to
// /login-native?code=…&next=…, a one-time code the page exchanges for the tokens by POST
// (sign-in-handoff.ts); failures go to /login-native?error=<code>.
import { type Request, type Response } from 'express';
import { jwtVerify, SignJWT } from 'jose';
import * as oidc from 'openid-client';
import { z } from 'zod';
import type { OidcConfig } from '../../config.ts';
import { ApiError, Throttled } from '../../errors.ts';
import type { Logger } from '../../logger.ts';
import type { PortalMetrics } from '../../metrics/portal-metrics.ts';
import type { AuthDeps } from './auth.service.ts';
import { issueHandoff } from './sign-in-handoff.ts';
import { requestLog } from '../../middleware/request-logger.ts';
import * as sso from './sso.repository.ts';

const COOKIE = 'portal_oidc';
const COOKIE_PATH = '/api/auth/mail/';
const FLOW_TTL_SECONDS = 10 * 60;

/** Why the mail sign-in failed, as /login-native?error= carries it (the web shows the message). */
export type MailLoginError = 'mail_failed' | 'mail_no_account' | 'mail_inactive' | 'throttled';

const ZFlow = z.object({ state: z.string(), nonce: z.string(), verifier: z.string(), next: z.string() });
type Flow = z.infer<typeof ZFlow>;

/** A local path, or '' (the web then goes home): never another origin. */
export function localNext(next: unknown): string {
  if (typeof next !== 'string' || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) {
    return '';
  }
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u001f\\]/.test(next) ? '' : next;
}

function nativeLoginUrl(params: Record<string, string>): string {
  const query = new URLSearchParams(Object.entries(params).filter(([, value]) => value !== ''));
  const text = query.toString();
  return text ? `/login-native?${text}` : '/login-native';
}

function readCookie(req: Request, name: string): string | null {
  for (const part of (req.get('cookie') ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

export interface MailSignIn {
  start(req: Request, res: Response): Promise<void>;
  callback(req: Request, res: Response): Promise<void>;
}

export function createMailSignIn(deps: {
  auth: AuthDeps;
  oidc: OidcConfig;
  secret: string;
  logger: Logger;
  metrics?: PortalMetrics | undefined;
}): MailSignIn {
  const { oidc: settings, logger } = deps;
  const key = new TextEncoder().encode(`${deps.secret}:oidc-flow`);
  let discovered: Promise<oidc.Configuration> | null = null;

  function configuration(): Promise<oidc.Configuration> {
    discovered ??= oidc
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        undefined,
        oidc.ClientSecretPost(settings.clientSecret),
        settings.issuer.startsWith('http:') ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        discovered = null;
        throw error;
      });
    return discovered;
  }

  const secure = settings.redirectUri.startsWith('https:');
  const cookieOptions = { httpOnly: true, sameSite: 'lax', secure, path: COOKIE_PATH } as const;

  async function readFlow(req: Request): Promise<Flow | null> {
    const token = readCookie(req, COOKIE);
    if (!token) return null;
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
      const flow = ZFlow.safeParse(payload);
      return flow.success ? flow.data : null;
    } catch {
      return null;
    }
  }

  return {
    async start(req, res) {
      const next = localNext(req.query['next']);
      const config = await configuration();
      const flow: Flow = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        verifier: oidc.randomPKCECodeVerifier(),
        next,
      };
      const cookie = await new SignJWT({ ...flow })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt()
        .setExpirationTime(`${FLOW_TTL_SECONDS}s`)
        .sign(key);
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        scope: settings.scopes,
        response_type: 'code',
        state: flow.state,
        nonce: flow.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
        code_challenge_method: 'S256',
      });
      res.cookie(COOKIE, cookie, { ...cookieOptions, maxAge: FLOW_TTL_SECONDS * 1000 });
      res.redirect(303, url.toString());
    },

    async callback(req, res) {
      const flow = await readFlow(req);
      res.clearCookie(COOKIE, cookieOptions);
      const next = flow?.next ?? '';
      const ip = req.ip ?? req.socket.remoteAddress ?? 'unknown';
      // One line per attempt, as the other doors write (auth.routes.ts): the method, the address and
      // the reason, never the provider's code or tokens.
      const fail = (reason: MailLoginError) => {
        requestLog(req).warn({ signIn: { method: 'mail', ip, ok: false, reason } }, 'sign-in failed');
        deps.metrics?.countSignIn('mail', false);
        res.redirect(303, nativeLoginUrl({ error: reason, next }));
      };
      try {
        await deps.auth.throttle.admitAddress(ip);
      } catch (error) {
        if (error instanceof Throttled) return fail('throttled');
        throw error;
      }
      if (!flow) return fail('mail_failed');

      let email: string;
      try {
        const config = await configuration();
        const current = new URL(settings.redirectUri);
        for (const [name, value] of Object.entries(req.query)) {
          if (typeof value === 'string') current.searchParams.set(name, value);
        }
        const tokens = await oidc.authorizationCodeGrant(config, current, {
          pkceCodeVerifier: flow.verifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims) return fail('mail_failed');
        let address = typeof claims['email'] === 'string' ? claims['email'] : '';
        let verified = claims['email_verified'];
        if (!address) {
          const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
          address = info.email ?? '';
          verified = info.email_verified;
        }
        // A provider that says the address is unverified does not get to claim it.
        if (!address || verified === false) return fail('mail_no_account');
        email = address;
      } catch (error) {
        logger.warn({ err: error instanceof ApiError ? error.detail : String(error) }, 'mail sign-in failed');
        return fail('mail_failed');
      }

      await deps.auth.throttle.refundAddress(ip);
      const user = await sso.findUserByEmail(deps.auth.db, email);
      if (!user) return fail('mail_no_account');
      if (!user.isActive) return fail('mail_inactive');
      // A one-time code, not the tokens: the URL lands in logs and the browser's history.
      const code = await issueHandoff(deps.auth.db, user.id, 'mail');
      requestLog(req).info(
        { signIn: { method: 'mail', userId: user.id, ip, ok: true } },
        'sign-in succeeded',
      );
      deps.metrics?.countSignIn('mail', true);
      res.redirect(303, nativeLoginUrl({ code, next }));
    },
  };
}
