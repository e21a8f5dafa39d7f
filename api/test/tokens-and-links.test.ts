// Issue 12, item 5: a correctly signed token without an expiry is refused, and page links never
// copy the request's Host header.
import { decodeJwt, SignJWT } from 'jose';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, expectJapaneseError, type TestContext } from './support/test-context.ts';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t?.close());

async function resign(token: string, withExpiry: boolean): Promise<string> {
  const { exp, iat, ...claims } = decodeJwt(token);
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt(iat);
  if (withExpiry) jwt.setExpirationTime(exp!);
  return jwt.sign(new TextEncoder().encode(t.config.jwtSecret));
}

describe('tokens without exp (item 5)', () => {
  it('refuses a signed access token that has no exp, and accepts the same token with it', async () => {
    const { access } = await t.signIn('yamada');
    const withExp = await request(t.app)
      .post('/api/account/me/')
      .set(t.auth(await resign(access, true)));
    expect(withExp.status).toBe(200);
    const res = await request(t.app)
      .post('/api/account/me/')
      .set(t.auth(await resign(access, false)));
    expect(res.status).toBe(401);
    expectJapaneseError(res.body);
  });

  it('refuses a signed refresh token that has no exp', async () => {
    const { refresh } = await t.signIn('suzuki');
    const res = await request(t.app)
      .post('/api/token-refresh/')
      .send({ refresh: await resign(refresh, false) });
    expect(res.status).toBe(401);
  });
});

describe('page links (item 5)', () => {
  it('does not build next/previous from the Host header', async () => {
    const { access } = await t.signIn('admin');
    const res = await request(t.app)
      .get('/api/attendance/employees/?year=2030&month=1')
      .set('Host', 'evil.example')
      .set(t.auth(access));
    expect(res.status).toBe(200);
    expect(res.body.next).not.toBeNull();
    expect(res.body.next).not.toContain('evil.example');
    expect(res.body.next).toMatch(/^\/api\/attendance\/employees\/\?year=2030&month=1&page=2$/);
  });

  it('builds them from PUBLIC_URL when it is set', async () => {
    const { access } = await t.signIn('admin');
    const res = await request(t.appWith({ publicUrl: 'https://portal.example.co.jp/' }))
      .get('/api/attendance/employees/?year=2030&month=1')
      .set('Host', 'evil.example')
      .set(t.auth(access));
    expect(res.body.next).toBe(
      'https://portal.example.co.jp/api/attendance/employees/?year=2030&month=1&page=2',
    );
  });
});
