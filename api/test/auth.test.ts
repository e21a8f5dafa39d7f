// Sign-in, refresh rotation, reuse detection, logout and token checks. Runs on PGlite and, in the
// "pg" project, on a real PostgreSQL.
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZTokenPair } from '@portal/shared/contracts/auth';
import { API_MSG } from '@portal/shared/messages';
import { authSessions } from '../src/db/schema/auth.ts';
import { users } from '../src/db/schema/users.ts';
import { createTestContext, expectJapaneseError, type TestContext } from './support/test-context.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t?.close());

async function me(access: string) {
  return request(t.app).post('/api/account/me/').set(t.auth(access));
}

function decode(token: string): { sub: string; sid: string } {
  const [, payload = ''] = token.split('.');
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub: string; sid: string };
}

describe('POST /api/token-auth/', () => {
  it('returns an access and a refresh token for the right password', async () => {
    const res = await request(t.app)
      .post('/api/token-auth/')
      .send({ username: 'yamada', password: 'demo1234' });
    expect(res.status).toBe(200);
    const pair = ZTokenPair.parse(res.body);
    expect((await me(pair.access)).status).toBe(200);
  });

  it('records the sign-in time as last_login', async () => {
    await t.db.update(users).set({ lastLogin: null }).where(eq(users.username, 'suzuki'));
    await t.signIn('suzuki');
    const [row] = await t.db
      .select({ lastLogin: users.lastLogin })
      .from(users)
      .where(eq(users.username, 'suzuki'));
    expect(row?.lastLogin).toBeInstanceOf(Date);
  });

  it('accepts ?format=json and the path without its trailing slash', async () => {
    const res = await request(t.app)
      .post('/api/token-auth?format=json')
      .send({ username: 'yamada', password: 'demo1234' });
    expect(res.status).toBe(200);
  });

  it('answers 401 with the Japanese invalid-credentials message for a wrong password', async () => {
    const res = await request(t.app)
      .post('/api/token-auth/')
      .send({ username: 'yamada', password: 'wrong-pass' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: API_MSG.invalidCredentials, code: 'authentication_failed' });
  });

  it('answers an unknown username exactly like a wrong password', async () => {
    const res = await request(t.app)
      .post('/api/token-auth/')
      .send({ username: 'nobody', password: 'demo1234' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: API_MSG.invalidCredentials, code: 'authentication_failed' });
  });

  it('refuses an inactive account with 401', async () => {
    await t.db.update(users).set({ isActive: false }).where(eq(users.username, 'mori'));
    const res = await request(t.app)
      .post('/api/token-auth/')
      .send({ username: 'mori', password: 'demo1234' });
    expect(res.status).toBe(401);
    expect(res.body.detail).toBe(API_MSG.inactiveUser);
  });

  it('answers missing fields with Japanese field errors', async () => {
    const res = await request(t.app).post('/api/token-auth/').send({});
    expect(res.status).toBe(400);
    expect(res.body.username).toEqual(['ユーザー名 は必須項目です。']);
    expect(res.body.password).toEqual(['パスワード は必須項目です。']);
  });

  it('stops a disabled user at once, even with a valid access token', async () => {
    const { access } = await t.signIn('yamaguchi');
    expect((await me(access)).status).toBe(200);
    await t.db.update(users).set({ isActive: false }).where(eq(users.username, 'yamaguchi'));
    expect((await me(access)).status).toBe(401);
  });
});

describe('POST /api/token-refresh/', () => {
  it('rotates: returns a new pair, and the new tokens work', async () => {
    const first = await t.signIn('yamada');
    const res = await request(t.app).post('/api/token-refresh/').send({ refresh: first.refresh });
    expect(res.status).toBe(200);
    const second = ZTokenPair.parse(res.body);
    expect(second.refresh).not.toBe(first.refresh);
    expect(decode(second.access).sid).toBe(decode(first.access).sid);
    expect((await me(second.access)).status).toBe(200);
  });

  it('revokes the whole session when a used refresh token comes back', async () => {
    const first = await t.signIn('yamada');
    const rotated = await request(t.app).post('/api/token-refresh/').send({ refresh: first.refresh });
    expect(rotated.status).toBe(200);
    const second = ZTokenPair.parse(rotated.body);

    const replay = await request(t.app).post('/api/token-refresh/').send({ refresh: first.refresh });
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ detail: API_MSG.refreshReused, code: 'token_reused' });

    // The rotated refresh token and every access token of the session are dead too.
    const afterReuse = await request(t.app).post('/api/token-refresh/').send({ refresh: second.refresh });
    expect(afterReuse.status).toBe(401);
    expect((await me(second.access)).status).toBe(401);
    expect((await me(first.access)).status).toBe(401);
    const [session] = await t.db
      .select({ revokedAt: authSessions.revokedAt })
      .from(authSessions)
      .where(eq(authSessions.id, decode(first.access).sid));
    expect(session?.revokedAt).toBeInstanceOf(Date);
  });

  it('lets only one of two simultaneous refreshes with the same token win', async () => {
    const { refresh } = await t.signIn('yamada');
    const results = await Promise.all([
      request(t.app).post('/api/token-refresh/').send({ refresh }),
      request(t.app).post('/api/token-refresh/').send({ refresh }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  it('refuses an access token offered as a refresh token', async () => {
    const { access } = await t.signIn('yamada');
    const res = await request(t.app).post('/api/token-refresh/').send({ refresh: access });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('token_invalid');
  });

  it('refuses a forged refresh token', async () => {
    const res = await request(t.app).post('/api/token-refresh/').send({ refresh: 'not.a.jwt' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: API_MSG.invalidToken, code: 'token_invalid' });
  });

  it('answers a missing refresh field with a field error', async () => {
    const res = await request(t.app).post('/api/token-refresh/').send({ refresh: 12 });
    expect(res.status).toBe(400);
    expectJapaneseError(res.body);
  });
});

describe('POST /api/account/logout/', () => {
  it('revokes the session: the access and the refresh token stop working', async () => {
    const pair = await t.signIn('yamada');
    const res = await request(t.app)
      .post('/api/account/logout/')
      .set(t.auth(pair.access))
      .send({ refresh: pair.refresh });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ detail: API_MSG.logoutDone });
    expect((await me(pair.access)).status).toBe(401);
    const refresh = await request(t.app).post('/api/token-refresh/').send({ refresh: pair.refresh });
    expect(refresh.status).toBe(401);
  });

  it("works without a body and leaves the user's other sessions alone", async () => {
    const phone = await t.signIn('yamada');
    const laptop = await t.signIn('yamada');
    const res = await request(t.app).post('/api/account/logout/').set(t.auth(laptop.access));
    expect(res.status).toBe(200);
    expect((await me(laptop.access)).status).toBe(401);
    expect((await me(phone.access)).status).toBe(200);
  });

  it('needs a signed-in user', async () => {
    const res = await request(t.app).post('/api/account/logout/');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: API_MSG.notAuthenticated, code: 'not_authenticated' });
  });
});

describe('access tokens', () => {
  const otherSecret = new TextEncoder().encode('another-secret-another-secret-another-secret');

  it('rejects a token signed with a different secret', async () => {
    const { access } = await t.signIn('yamada');
    const claims = decode(access);
    const forged = await new SignJWT({ sid: claims.sid, token_type: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuer('portal-api')
      .setJti(crypto.randomUUID())
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(otherSecret);
    const res = await me(forged);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: API_MSG.invalidToken, code: 'token_invalid' });
  });

  it('rejects an expired token signed with the right secret', async () => {
    const { access } = await t.signIn('yamada');
    const claims = decode(access);
    const hourAgo = Math.floor(Date.now() / 1000) - 3600;
    const expired = await new SignJWT({ sid: claims.sid, token_type: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuer('portal-api')
      .setJti(crypto.randomUUID())
      .setIssuedAt(hourAgo - 900)
      .setExpirationTime(hourAgo)
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    const res = await me(expired);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('token_invalid');
  });

  it('rejects a token whose signature was tampered with', async () => {
    const { access } = await t.signIn('yamada');
    const tampered = `${access.slice(0, -4)}AAAA`;
    expect((await me(tampered)).status).toBe(401);
  });

  it('rejects an unknown authorization scheme', async () => {
    const { access } = await t.signIn('yamada');
    const res = await request(t.app).post('/api/account/me/').set('Authorization', `Basic ${access}`);
    expect(res.status).toBe(401);
    expect(res.get('WWW-Authenticate')).toContain('JWT');
  });
});

describe('sign-in throttling', () => {
  const signIn = (app: Express, username: string, password: string) =>
    request(app).post('/api/token-auth/').send({ username, password });

  it('answers 429 with a Japanese message and Retry-After once a username has too many failures', async () => {
    const limited = t.appWith({ loginRateLimit: { perIp: 100, perUsername: 3, windowSeconds: 900 } });
    for (let i = 0; i < 3; i++) expect((await signIn(limited, 'sato', `wrong-${i}`)).status).toBe(401);

    // Even the right password is refused now: the point is to stop the guessing.
    const res = await signIn(limited, 'sato', 'demo1234');
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ detail: API_MSG.tooManyLoginAttempts, code: 'throttled' });
    expect(Number(res.get('Retry-After'))).toBeGreaterThan(0);

    expect((await signIn(limited, 'ito', 'demo1234')).status).toBe(200);
  });

  it('answers 429 once one address has failed too often, whatever the usernames', async () => {
    const limited = t.appWith({ loginRateLimit: { perIp: 4, perUsername: 100, windowSeconds: 900 } });
    for (const username of ['a1', 'a2', 'a3', 'a4']) {
      expect((await signIn(limited, username, 'wrong-pass')).status).toBe(401);
    }
    const res = await signIn(limited, 'a5', 'wrong-pass');
    expect(res.status).toBe(429);
    expect(res.body.detail).toBe(API_MSG.tooManyLoginAttempts);
  });

  it('does not count successful sign-ins against the address', async () => {
    const limited = t.appWith({ loginRateLimit: { perIp: 2, perUsername: 100, windowSeconds: 900 } });
    for (let i = 0; i < 5; i++) expect((await signIn(limited, 'yamada', 'demo1234')).status).toBe(200);
  });
});
