// The single sign-on doors against real clients and servers on 127.0.0.1: the Lark SDK against a fake
// Lark Open API, CAS serviceValidate and single logout against a fake CAS server, openid-client
// against a real OpenID provider (oidc-provider) as the mail IdP. Nothing here is stubbed.
import { createHash } from 'node:crypto';
import { pino } from 'pino';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MSG, SSO_MSG } from '@portal/shared/messages';
import { employees } from '../src/db/schema/employees.ts';
import { larkBindings } from '../src/db/schema/lark.ts';
import { users } from '../src/db/schema/users.ts';
import { createApp } from '../src/app.ts';
import { OIDC_CALLBACK_PATH, type AppConfig } from '../src/config.ts';
import { startFakeCas, type FakeCas } from '../../tests/support/fakes/fake-cas.ts';
import { startFakeLark, type FakeLark } from '../../tests/support/fakes/fake-lark.ts';
import { startOidcIdp, type OidcIdp } from '../../tests/support/fakes/oidc-idp.ts';
import { createTestContext, expectJapaneseError, type TestContext } from './support/test-context.ts';

const PUBLIC_URL = 'http://portal.test';
const SERVICE = `${PUBLIC_URL}/login?next=%2Fhome`;

let t: TestContext;
let fakeLark: FakeLark;
let fakeCas: FakeCas;
let idp: OidcIdp;
let config: Partial<AppConfig>;

beforeAll(async () => {
  fakeLark = await startFakeLark();
  fakeCas = await startFakeCas({
    users: { yamada: {}, 'sato-cas': { attributes: { mail: 'SATO@example.com' } }, stranger: {} },
  });
  idp = await startOidcIdp({
    redirectUris: [`${PUBLIC_URL}${OIDC_CALLBACK_PATH}`],
    accounts: {
      yamada: { email: 'yamada@example.com' },
      stranger: { email: 'stranger@elsewhere.example' },
      unverified: { email: 'suzuki@example.com', emailVerified: false },
    },
  });
  config = {
    publicUrl: PUBLIC_URL,
    lark: {
      appId: fakeLark.appId,
      appSecret: fakeLark.appSecret,
      domain: fakeLark.url,
      sdkUrl: fakeLark.sdkUrl,
      provisionEmailDomains: [],
    },
    cas: { serverUrl: fakeCas.url, singleLogoutPath: '/api/cas/single-logout/' },
    oidc: {
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
      redirectUri: `${PUBLIC_URL}${OIDC_CALLBACK_PATH}`,
      label: 'メールアカウントでログイン',
      scopes: 'openid email profile',
    },
  };
  t = await createTestContext({ config });
});

afterAll(async () => {
  await t?.close();
  await Promise.all([fakeLark?.close(), fakeCas?.close(), idp?.close()]);
});

async function employeeCode(username: string): Promise<string> {
  const [row] = await t.db
    .select({ code: employees.code })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(eq(users.username, username));
  if (!row) throw new Error(`no employee ${username}`);
  return row.code;
}

async function userCount(): Promise<number> {
  return (await t.db.select({ id: users.id }).from(users)).length;
}

describe('GET /api/auth/methods/', () => {
  it('opens the doors the configuration names', async () => {
    const res = await request(t.app).get('/api/auth/methods/');
    expect(res.body).toEqual({
      password: true,
      cas: { login_url: `${fakeCas.url}/login` },
      mail: { label: 'メールアカウントでログイン' },
      lark: { app_id: fakeLark.appId, sdk_url: fakeLark.sdkUrl },
    });
  });

  it('refuses a door that is not configured with 404', async () => {
    const app = t.appWith({ lark: null, cas: null, oidc: null });
    expect((await request(app).post('/api/lark-auth/').send({ code: 'x' })).status).toBe(404);
    expect(
      (await request(app).post('/api/cas-auth/').send({ service: SERVICE, ticket: 'ST-1' })).status,
    ).toBe(404);
    expect((await request(app).get('/api/auth/mail/start/')).status).toBe(404);
  });
});

describe('POST /api/lark-auth/', () => {
  it('signs in by e-mail, stores the binding, and then signs in by the binding', async () => {
    fakeLark.addUser({ open_id: 'ou_yamada', enterprise_email: 'Yamada@example.com', name: '山田 太郎' });
    const res = await request(t.app)
      .post('/api/lark-auth/')
      .send({ code: fakeLark.issueCode('ou_yamada') });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(Object.keys(res.body as object).sort()).toEqual(['access', 'refresh']);
    const me = await request(t.app)
      .post('/api/account/me/')
      .set(t.auth((res.body as { access: string }).access));
    expect(me.status).toBe(200);
    expect(JSON.stringify(me.body)).toContain('yamada');

    const [binding] = await t.db.select().from(larkBindings).where(eq(larkBindings.openId, 'ou_yamada'));
    expect(binding).toMatchObject({
      unionId: 'on_ou_yamada',
      userIdInLark: 'u_ou_yamada',
      tenantKey: 'fake-tenant',
    });

    // Lark no longer reports the e-mail: the binding alone finds the account.
    fakeLark.addUser({ open_id: 'ou_yamada', name: '山田 太郎' });
    const again = await request(t.app)
      .post('/api/lark-auth/')
      .send({ code: fakeLark.issueCode('ou_yamada') });
    expect(again.status).toBe(200);
  });

  it('signs in by employee number when there is no e-mail, and the refresh token rotates', async () => {
    fakeLark.addUser({ open_id: 'ou_sato', employee_no: await employeeCode('sato') });
    const res = await request(t.app)
      .post('/api/lark-auth/')
      .send({ code: fakeLark.issueCode('ou_sato') });
    expect(res.status).toBe(200);
    const refreshed = await request(t.app)
      .post('/api/token-refresh/')
      .send({ refresh: (res.body as { refresh: string }).refresh });
    expect(refreshed.status).toBe(200);
  });

  it('answers 401 in Japanese to an unknown, a reused and an expired code', async () => {
    fakeLark.addUser({ open_id: 'ou_ito', email: 'ito@example.com' });
    const code = fakeLark.issueCode('ou_ito');
    expect((await request(t.app).post('/api/lark-auth/').send({ code })).status).toBe(200);
    for (const bad of [code, 'code-never-issued', fakeLark.issueCode('ou_ito', -1)]) {
      const res = await request(t.app).post('/api/lark-auth/').send({ code: bad });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ detail: SSO_MSG.larkCodeInvalid });
    }
  });

  it('refuses a Lark user without a portal account and creates none', async () => {
    fakeLark.addUser({ open_id: 'ou_stranger', email: 'stranger@elsewhere.example' });
    const before = await userCount();
    const res = await request(t.app)
      .post('/api/lark-auth/')
      .send({ code: fakeLark.issueCode('ou_stranger') });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ detail: SSO_MSG.larkNoAccount });
    expect(await userCount()).toBe(before);
  });

  it('creates the account when an administrator allowed the e-mail domain', async () => {
    const app = t.appWith({ lark: { ...config.lark!, provisionEmailDomains: ['newcomers.example'] } });
    fakeLark.addUser({
      open_id: 'ou_new',
      enterprise_email: 'new.person@newcomers.example',
      name: '新人 花子',
    });
    const res = await request(app)
      .post('/api/lark-auth/')
      .send({ code: fakeLark.issueCode('ou_new') });
    expect(res.status).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.username, 'new.person@newcomers.example'));
    expect(row).toMatchObject({ fullName: '新人 花子', passwordHash: null });
  });

  it('is rate limited per address', async () => {
    const app = t.appWith({ loginRateLimit: { perIp: 2, perUsername: 100, windowSeconds: 900 } });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push(
        (
          await request(app)
            .post('/api/lark-auth/')
            .send({ code: `bad-${i}` })
        ).status,
      );
    }
    expect(statuses).toEqual([401, 401, 429]);
  });
});

describe('POST /api/cas-auth/', () => {
  it('signs in with a ticket, returns the session id, and accepts the ticket once', async () => {
    const ticket = fakeCas.issueTicket('yamada', SERVICE);
    const res = await request(t.app).post('/api/cas-auth/').send({ service: SERVICE, ticket });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body as { access: string; refresh: string; sessionid: string };
    expect(body.sessionid).toMatch(/^[0-9a-f-]{36}$/);
    const me = await request(t.app).post('/api/account/me/').set(t.auth(body.access));
    expect(me.status, JSON.stringify(me.body)).toBe(200);

    const reused = await request(t.app).post('/api/cas-auth/').send({ service: SERVICE, ticket });
    expect(reused.status).toBe(401);
    expect(reused.body).toMatchObject({ detail: SSO_MSG.casTicketInvalid });
  });

  it('rotates the refresh token of a CAS session like any other', async () => {
    const ticket = fakeCas.issueTicket('yamada', SERVICE);
    const signIn = await request(t.app).post('/api/cas-auth/').send({ service: SERVICE, ticket });
    const { refresh } = signIn.body as { refresh: string };
    const rotated = await request(t.app).post('/api/token-refresh/').send({ refresh });
    expect(rotated.status, JSON.stringify(rotated.body)).toBe(200);
    const next = rotated.body as { access: string; refresh: string };
    expect(next.refresh).not.toBe(refresh);
    expect((await request(t.app).post('/api/account/me/').set(t.auth(next.access))).status).toBe(200);
  });

  it('maps a CAS user by the mail attribute', async () => {
    const ticket = fakeCas.issueTicket('sato-cas', SERVICE);
    expect((await request(t.app).post('/api/cas-auth/').send({ service: SERVICE, ticket })).status).toBe(200);
  });

  it('answers 401 in Japanese to an unknown or expired ticket and a ticket for another service', async () => {
    const other = fakeCas.issueTicket('yamada', `${PUBLIC_URL}/login?next=%2Fprofile`);
    for (const ticket of ['ST-unknown', fakeCas.issueTicket('yamada', SERVICE, -1), other]) {
      const res = await request(t.app).post('/api/cas-auth/').send({ service: SERVICE, ticket });
      expect(res.status).toBe(401);
      expectJapaneseError(res.body);
    }
  });

  it('refuses a service URL that is not this portal’s /login', async () => {
    const service = 'https://evil.example/login';
    const ticket = fakeCas.issueTicket('yamada', service);
    const res = await request(t.app).post('/api/cas-auth/').send({ service, ticket });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ service: [SSO_MSG.casServiceInvalid] });
  });

  it('refuses a CAS user without a portal account and creates none', async () => {
    const before = await userCount();
    const ticket = fakeCas.issueTicket('stranger', SERVICE);
    const res = await request(t.app).post('/api/cas-auth/').send({ service: SERVICE, ticket });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ detail: SSO_MSG.casNoAccount });
    expect(await userCount()).toBe(before);
  });

  describe('logout', () => {
    let server: Server;
    let base: string;
    beforeAll(async () => {
      server = t.app.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('ends the session when the CAS server posts a single-logout request: its tokens stop at once', async () => {
      const ticket = fakeCas.issueTicket('yamada', SERVICE);
      const pair = (await request(t.app).post('/api/cas-auth/').send({ service: SERVICE, ticket })).body as {
        access: string;
        refresh: string;
      };
      expect(await fakeCas.singleLogout(ticket, `${base}/api/cas/single-logout/`)).toBe(200);
      expect((await request(t.app).post('/api/account/me/').set(t.auth(pair.access))).status).toBe(401);
      expect((await request(t.app).post('/api/token-refresh/').send({ refresh: pair.refresh })).status).toBe(
        401,
      );
    });

    it('refuses a single-logout post without a logoutRequest', async () => {
      const res = await fetch(`${base}/api/cas/single-logout/`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'nothing=here',
      });
      expect(res.status).toBe(400);
    });

    it('cas-logout ends the session and answers the CAS logout URL', async () => {
      const ticket = fakeCas.issueTicket('yamada', SERVICE);
      const pair = (await request(t.app).post('/api/cas-auth/').send({ service: SERVICE, ticket })).body as {
        access: string;
        sessionid: string;
      };
      const res = await request(t.app)
        .post('/api/account/cas-logout/')
        .set(t.auth(pair.access))
        .set('X-Cas-Token', String(pair.sessionid))
        .send({});
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        detail: API_MSG.logoutDone,
        redirect_url: `${fakeCas.url}/logout?service=${encodeURIComponent(`${PUBLIC_URL}/login`)}`,
      });
      expect((await request(t.app).post('/api/account/me/').set(t.auth(pair.access))).status).toBe(401);
    });
  });
});

/** Walks the IdP's pages like a browser (cookies, redirects, the sign-in form) up to our callback. */
async function mailSignIn(login: string, next: string, app = t.app): Promise<request.Response> {
  const start = await request(app).get('/api/auth/mail/start/').query({ next });
  expect(start.status).toBe(303);
  const portalCookie = (start.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
  const jar = new Map<string, string>();
  let location = start.headers['location'] as string;
  for (let hop = 0; hop < 10 && location.startsWith(idp.issuer); hop++) {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    let res = await fetch(location, { redirect: 'manual', headers: { cookie } });
    const remember = (r: Response) => {
      for (const line of r.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const [k, ...v] = pair!.split('=');
        jar.set(k!, v.join('='));
      }
    };
    remember(res);
    if (res.status === 200) {
      res = await fetch(location, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ login }),
      });
      remember(res);
    }
    location = new URL(res.headers.get('location') ?? '', location).toString();
  }
  expect(location.startsWith(`${PUBLIC_URL}${OIDC_CALLBACK_PATH}`), location).toBe(true);
  const callback = new URL(location);
  return request(app).get(`${callback.pathname}${callback.search}`).set('Cookie', portalCookie);
}

const exchange = (code: string) => request(t.app).post('/api/auth/handoff/').send({ code });

/** The redirect's one-time code, after checking that the URL carries no token (issue 32, finding 7). */
function handoffCode(res: request.Response): string {
  expect(res.status).toBe(303);
  const location = res.headers['location'] as string;
  const target = new URL(location, PUBLIC_URL);
  expect(target.pathname).toBe('/login-native');
  expect(target.searchParams.get('access_token')).toBeNull();
  expect(target.searchParams.get('refresh')).toBeNull();
  expect(location).not.toMatch(/eyJ/); // no JWT, whatever its parameter's name
  const code = target.searchParams.get('code');
  expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return code!;
}

describe('mail account (OpenID Connect)', () => {
  it('signs in and sends the browser to /login-native with a one-time code and next, no token', async () => {
    const res = await mailSignIn('yamada', '/task/tasks/approval');
    const code = handoffCode(res);
    const target = new URL(res.headers['location'] as string, PUBLIC_URL);
    expect(target.searchParams.get('next')).toBe('/task/tasks/approval');
    const [stored] = (
      (await t.db.execute(sql`select code_hash from sign_in_handoffs`)) as unknown as {
        rows: { code_hash: string }[];
      }
    ).rows;
    expect(stored!.code_hash).toBe(createHash('sha256').update(code).digest('hex'));

    const pair = await exchange(code);
    expect(pair.status, JSON.stringify(pair.body)).toBe(200);
    const { access, refresh } = pair.body as { access: string; refresh: string };
    expect((await request(t.app).post('/api/account/me/').set(t.auth(access))).status).toBe(200);
    expect((await request(t.app).post('/api/token-refresh/').send({ refresh })).status).toBe(200);
  });

  it('takes the code once: a second exchange, even at the same instant, is a 401', async () => {
    const code = handoffCode(await mailSignIn('yamada', '/home'));
    const both = await Promise.all([exchange(code), exchange(code)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 401]);
    const again = await exchange(code);
    expect(again.status).toBe(401);
    expect(again.body.detail).toBe(SSO_MSG.handoffInvalid);
  });

  it('refuses an expired code, an unknown one, and the code of an account deactivated meanwhile', async () => {
    const expired = handoffCode(await mailSignIn('yamada', '/home'));
    await t.db.execute(sql`update sign_in_handoffs set expires_at = now() - interval '1 second'`);
    expect((await exchange(expired)).status).toBe(401);
    expect((await exchange('A'.repeat(43))).status).toBe(401);

    const code = handoffCode(await mailSignIn('yamada', '/home'));
    await t.db.update(users).set({ isActive: false }).where(eq(users.username, 'yamada'));
    try {
      const res = await exchange(code);
      expect(res.status).toBe(401);
      expectJapaneseError(res.body);
    } finally {
      await t.db.update(users).set({ isActive: true }).where(eq(users.username, 'yamada'));
    }
  });

  it('ignores a next that leaves the site', async () => {
    const res = await mailSignIn('yamada', 'https://evil.example');
    const target = new URL(res.headers['location'] as string, PUBLIC_URL);
    expect(target.origin).toBe(PUBLIC_URL);
    expect(target.searchParams.get('next')).toBeNull();
    expect((await exchange(handoffCode(res))).status).toBe(200);
  });

  it('refuses an address with no portal account, and an unverified one, creating nothing', async () => {
    const before = await userCount();
    for (const login of ['stranger', 'unverified']) {
      const res = await mailSignIn(login, '/home');
      const target = new URL(res.headers['location'] as string, PUBLIC_URL);
      expect(target.searchParams.get('error')).toBe('mail_no_account');
      expect(target.searchParams.get('access_token')).toBeNull();
      expect(target.searchParams.get('code')).toBeNull();
    }
    expect(await userCount()).toBe(before);
  });

  it('refuses a callback without the flow cookie or with a forged code', async () => {
    const res = await request(t.app).get('/api/auth/mail/callback/').query({ code: 'forged', state: 'x' });
    expect(res.status).toBe(303);
    expect(res.headers['location']).toBe('/login-native?error=mail_failed');
  });
});

// Issue 39: a line per sign-in attempt at every door, with the method and the reason, never the
// Lark code, the CAS ticket or the provider's code.
describe('the sign-in log of the single sign-on doors', () => {
  const lines: string[] = [];
  const attempts = (method: string) =>
    lines
      .map((line) => JSON.parse(line) as { msg: string; signIn?: Record<string, unknown> })
      .filter((entry) => entry.signIn?.method === method);
  let app: ReturnType<typeof createApp>;
  beforeAll(() => {
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    app = createApp({ config: t.config, db: t.db, logger });
  });

  it('writes a failed line for a Lark code, a CAS ticket and a mail address that do not sign in', async () => {
    const larkCode = 'lark-code-never-issued-Q1x';
    const lark = await request(app).post('/api/lark-auth/').send({ code: larkCode });
    expect(lark.status).toBeGreaterThanOrEqual(400);
    expect(lark.status).toBeLessThan(500);
    const ticket = 'ST-never-issued-Q2x';
    const cas = await request(app).post('/api/cas-auth/').send({ service: SERVICE, ticket });
    expect(cas.status).toBeGreaterThanOrEqual(400);
    expect(cas.status).toBeLessThan(500);
    const mail = await mailSignIn('stranger', '/home', app);
    expect(new URL(mail.headers['location'] as string, PUBLIC_URL).searchParams.get('error')).toBe(
      'mail_no_account',
    );

    expect(attempts('lark')).toEqual([
      expect.objectContaining({ msg: 'sign-in failed', signIn: expect.objectContaining({ ok: false }) }),
    ]);
    expect(attempts('cas')).toEqual([
      expect.objectContaining({ msg: 'sign-in failed', signIn: expect.objectContaining({ ok: false }) }),
    ]);
    expect(attempts('mail')).toEqual([
      expect.objectContaining({
        msg: 'sign-in failed',
        signIn: expect.objectContaining({ ok: false, reason: 'mail_no_account', ip: expect.any(String) }),
      }),
    ]);
    const all = lines.join('\n');
    for (const secret of [larkCode, ticket]) expect(all).not.toContain(secret);
  });

  it('writes a succeeded line for a Lark and a mail sign-in, naming the user, never the code', async () => {
    fakeLark.addUser({ open_id: 'ou_yamada', enterprise_email: 'Yamada@example.com', name: '山田 太郎' });
    const larkCode = fakeLark.issueCode('ou_yamada');
    expect((await request(app).post('/api/lark-auth/').send({ code: larkCode })).status).toBe(200);
    expect(attempts('lark').at(-1)).toMatchObject({ msg: 'sign-in succeeded', signIn: { ok: true } });

    const mail = await mailSignIn('yamada', '/home', app);
    const code = handoffCode(mail);
    const [yamada] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'yamada'));
    expect(attempts('mail').at(-1)).toMatchObject({
      msg: 'sign-in succeeded',
      signIn: { ok: true, userId: yamada!.id },
    });
    const all = lines.join('\n');
    for (const secret of [larkCode, code]) expect(all).not.toContain(secret);
  });
});
