// A fake Lark Open API on 127.0.0.1 for the real @larksuiteoapi/node-sdk (see shared/design/lark.md):
// tenant token, oidc access token (code → user token), user info, and a harmless stand-in for the H5
// SDK script. Codes are single-use and expire like Lark's. Tests mint codes with issueCode(), or over
// HTTP with POST /__fake__/codes {open_id, ttl_seconds?} when the fake runs in another process.
import { randomUUID } from 'node:crypto';
import { listenLocal, readBody, sendJson } from './listen.ts';

export interface FakeLarkUser {
  readonly open_id: string;
  readonly union_id: string;
  readonly user_id: string;
  readonly name: string;
  readonly email: string;
  readonly enterprise_email: string;
  readonly employee_no: string;
  readonly tenant_key: string;
  readonly avatar_url: string;
}

export interface FakeLark {
  readonly url: string;
  readonly appId: string;
  readonly appSecret: string;
  /** A script URL that loads fine and defines nothing (the test page stands in for the SDK). */
  readonly sdkUrl: string;
  addUser(user: Partial<FakeLarkUser> & { open_id: string }): FakeLarkUser;
  /** A one-time authorization code for the user; `ttlSeconds` ≤ 0 gives an already expired one. */
  issueCode(openId: string, ttlSeconds?: number): string;
  /** Paths the fake was called with, in order. */
  readonly calls: string[];
  close(): Promise<void>;
}

export const FAKE_LARK_APP = { appId: 'cli_fake_portal', appSecret: 'fake-lark-secret' } as const;

/** Lark's error codes as seen on the oidc endpoints (the exact numbers are unverified). */
const INVALID_CODE = 20003;
const EXPIRED_CODE = 20004;
const INVALID_TOKEN = 20005;

export async function startFakeLark(
  options: { users?: readonly (Partial<FakeLarkUser> & { open_id: string })[] } = {},
): Promise<FakeLark> {
  const users = new Map<string, FakeLarkUser>();
  const codes = new Map<string, { openId: string; expiresAt: number; used: boolean }>();
  const tenantTokens = new Set<string>();
  const userTokens = new Map<string, string>();
  const calls: string[] = [];

  function addUser(user: Partial<FakeLarkUser> & { open_id: string }): FakeLarkUser {
    const full: FakeLarkUser = {
      union_id: `on_${user.open_id}`,
      user_id: `u_${user.open_id}`,
      name: '',
      email: '',
      enterprise_email: '',
      employee_no: '',
      tenant_key: 'fake-tenant',
      avatar_url: '',
      ...user,
    };
    users.set(full.open_id, full);
    return full;
  }
  for (const user of options.users ?? []) addUser(user);

  function issueCode(openId: string, ttlSeconds = 300): string {
    const code = `code-${randomUUID()}`;
    codes.set(code, { openId, expiresAt: Date.now() + ttlSeconds * 1000, used: false });
    return code;
  }

  const bearer = (header: string | undefined) => (header ?? '').replace(/^Bearer\s+/i, '');

  const listening = await listenLocal(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    calls.push(`${req.method} ${url.pathname}`);
    const body = req.method === 'POST' ? await readBody(req) : '';
    const json = (): Record<string, unknown> => {
      try {
        return JSON.parse(body || '{}') as Record<string, unknown>;
      } catch {
        return {};
      }
    };

    if (req.method === 'GET' && url.pathname === '/h5-sdk.js') {
      res.writeHead(200, { 'content-type': 'application/javascript; charset=utf-8' });
      res.end('/* fake Lark H5 SDK: the test page defines window.tt and window.h5sdk itself */\n');
      return;
    }
    if (req.method === 'POST' && url.pathname === '/open-apis/auth/v3/tenant_access_token/internal') {
      const { app_id, app_secret } = json();
      if (app_id !== FAKE_LARK_APP.appId || app_secret !== FAKE_LARK_APP.appSecret) {
        return sendJson(res, 200, { code: 10014, msg: 'app secret invalid' });
      }
      const token = `t-${randomUUID()}`;
      tenantTokens.add(token);
      return sendJson(res, 200, { code: 0, msg: 'ok', tenant_access_token: token, expire: 7200 });
    }
    if (req.method === 'POST' && url.pathname === '/open-apis/authen/v1/oidc/access_token') {
      if (!tenantTokens.has(bearer(req.headers.authorization))) {
        return sendJson(res, 400, { code: 99991663, msg: 'Invalid access token for authorization.' });
      }
      const { grant_type, code } = json();
      const entry = typeof code === 'string' ? codes.get(code) : undefined;
      // An unknown or spent code answers 200 with a code, an expired one 400: both ways Lark refuses.
      if (grant_type !== 'authorization_code' || !entry || entry.used) {
        return sendJson(res, 200, { code: INVALID_CODE, msg: 'invalid code' });
      }
      entry.used = true;
      if (entry.expiresAt <= Date.now())
        return sendJson(res, 400, { code: EXPIRED_CODE, msg: 'code expired' });
      const token = `u-${randomUUID()}`;
      userTokens.set(token, entry.openId);
      return sendJson(res, 200, {
        code: 0,
        msg: 'success',
        data: {
          access_token: token,
          token_type: 'Bearer',
          expires_in: 6900,
          refresh_token: `ur-${randomUUID()}`,
          refresh_expires_in: 2_592_000,
          scope: '',
        },
      });
    }
    if (req.method === 'GET' && url.pathname === '/open-apis/authen/v1/user_info') {
      const openId = userTokens.get(bearer(req.headers.authorization));
      const user = openId ? users.get(openId) : undefined;
      if (!user) return sendJson(res, 401, { code: INVALID_TOKEN, msg: 'invalid access token' });
      return sendJson(res, 200, { code: 0, msg: 'success', data: user });
    }
    if (req.method === 'POST' && url.pathname === '/__fake__/codes') {
      const { open_id, ttl_seconds } = json();
      if (typeof open_id !== 'string') return sendJson(res, 400, { msg: 'open_id required' });
      return sendJson(res, 200, {
        code: issueCode(open_id, typeof ttl_seconds === 'number' ? ttl_seconds : undefined),
      });
    }
    sendJson(res, 404, { code: 404, msg: 'not found' });
  });

  return {
    url: listening.url,
    ...FAKE_LARK_APP,
    sdkUrl: `${listening.url}/h5-sdk.js`,
    addUser,
    issueCode,
    calls,
    close: listening.close,
  };
}
