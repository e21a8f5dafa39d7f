// Every endpoint, fed malformed bodies, queries, ids and tokens, answers 4xx JSON with a Japanese
// message: never a 500, never HTML, never a stack trace.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MSG } from '@portal/shared/messages';
import { createTestContext, expectJapaneseError, type TestContext } from './support/test-context.ts';

let t: TestContext;
let access: string;

beforeAll(async () => {
  t = await createTestContext();
  access = (await t.signIn('yamada')).access;
});
afterAll(() => t?.close());

type Method = 'get' | 'post' | 'put' | 'delete' | 'patch';

interface BadRequest {
  readonly name: string;
  readonly method: Method;
  readonly path: string;
  readonly auth?: boolean;
  /** A string is sent as-is with the given content type (default application/json). */
  readonly body?: unknown;
  readonly contentType?: string;
  readonly authorization?: string;
  readonly status: number;
}

const MALFORMED_JSON = '{"username": "yamada", "password": ';

const CASES: BadRequest[] = [
  // token-auth
  {
    name: 'token-auth: malformed JSON',
    method: 'post',
    path: '/api/token-auth/',
    body: MALFORMED_JSON,
    status: 400,
  },
  {
    name: 'token-auth: wrong types',
    method: 'post',
    path: '/api/token-auth/',
    body: { username: 1, password: true },
    status: 400,
  },
  { name: 'token-auth: array body', method: 'post', path: '/api/token-auth/', body: [], status: 400 },
  { name: 'token-auth: JSON null', method: 'post', path: '/api/token-auth/', body: 'null', status: 400 },
  {
    name: 'token-auth: short password',
    method: 'post',
    path: '/api/token-auth/',
    body: { username: 'yamada', password: 'abc' },
    status: 400,
  },
  {
    name: 'token-auth: form body',
    method: 'post',
    path: '/api/token-auth/',
    body: 'username=yamada&password=demo1234',
    contentType: 'application/x-www-form-urlencoded',
    status: 415,
  },
  {
    name: 'token-auth: text body',
    method: 'post',
    path: '/api/token-auth/',
    body: '{"username":"yamada"}',
    contentType: 'text/plain',
    status: 415,
  },
  { name: 'token-auth: GET', method: 'get', path: '/api/token-auth/', status: 405 },
  // token-refresh
  {
    name: 'token-refresh: malformed JSON',
    method: 'post',
    path: '/api/token-refresh/',
    body: '{"refresh":',
    status: 400,
  },
  {
    name: 'token-refresh: number',
    method: 'post',
    path: '/api/token-refresh/',
    body: { refresh: 42 },
    status: 400,
  },
  { name: 'token-refresh: empty body', method: 'post', path: '/api/token-refresh/', body: {}, status: 400 },
  {
    name: 'token-refresh: garbage token',
    method: 'post',
    path: '/api/token-refresh/',
    body: { refresh: 'x.y.z' },
    status: 401,
  },
  // logout
  {
    name: 'logout: malformed JSON',
    method: 'post',
    path: '/api/account/logout/',
    auth: true,
    body: '{',
    status: 400,
  },
  {
    name: 'logout: refresh of the wrong type',
    method: 'post',
    path: '/api/account/logout/',
    auth: true,
    body: { refresh: 5 },
    status: 400,
  },
  { name: 'logout: no token', method: 'post', path: '/api/account/logout/', status: 401 },
  // me and statistics
  {
    name: 'me: malformed JSON',
    method: 'post',
    path: '/api/account/me/',
    auth: true,
    body: '{"a":',
    status: 400,
  },
  {
    name: 'me: garbage token',
    method: 'post',
    path: '/api/account/me/',
    authorization: 'JWT garbage',
    status: 401,
  },
  {
    name: 'me: scheme without token',
    method: 'post',
    path: '/api/account/me/',
    authorization: 'JWT',
    status: 401,
  },
  { name: 'me: GET', method: 'get', path: '/api/account/me/', auth: true, status: 405 },
  {
    name: 'statistics: garbage token',
    method: 'get',
    path: '/api/account/statistics/',
    authorization: 'JWT a.b.c',
    status: 401,
  },
  { name: 'task statistics: no token', method: 'get', path: '/api/account/task/statistics/', status: 401 },
  { name: 'statistics: POST', method: 'post', path: '/api/account/statistics/', auth: true, status: 405 },
  // organizations, company
  {
    name: 'organizations: garbage token',
    method: 'get',
    path: '/api/organizations/',
    authorization: 'Bearer nope',
    status: 401,
  },
  { name: 'organizations: DELETE', method: 'delete', path: '/api/organizations/', auth: true, status: 405 },
  { name: 'company info: no token', method: 'get', path: '/api/master/company/info', status: 401 },
  {
    name: 'company info: PUT with malformed JSON',
    method: 'put',
    path: '/api/master/company/info',
    auth: true,
    body: '{',
    status: 400,
  },
  // notifications list
  {
    name: 'notifications: page=abc',
    method: 'get',
    path: '/api/notifications/?page=abc',
    auth: true,
    status: 400,
  },
  {
    name: 'notifications: page=0',
    method: 'get',
    path: '/api/notifications/?page=0',
    auth: true,
    status: 400,
  },
  {
    name: 'notifications: page=-1',
    method: 'get',
    path: '/api/notifications/?page=-1',
    auth: true,
    status: 400,
  },
  {
    name: 'notifications: page=1.5',
    method: 'get',
    path: '/api/notifications/?page=1.5',
    auth: true,
    status: 400,
  },
  {
    name: 'notifications: page twice',
    method: 'get',
    path: '/api/notifications/?page=1&page=2',
    auth: true,
    status: 400,
  },
  {
    name: 'notifications: is_read=maybe',
    method: 'get',
    path: '/api/notifications/?is_read=maybe',
    auth: true,
    status: 400,
  },
  {
    name: 'notifications: is_read empty',
    method: 'get',
    path: '/api/notifications/?is_read=',
    auth: true,
    status: 400,
  },
  { name: 'notifications: no token', method: 'get', path: '/api/notifications/', status: 401 },
  // notifications read
  {
    name: 'read: id abc',
    method: 'put',
    path: '/api/notifications/abc/read/',
    auth: true,
    body: { notification_id: 1, is_read: true },
    status: 404,
  },
  {
    name: 'read: id 0',
    method: 'put',
    path: '/api/notifications/0/read/',
    auth: true,
    body: { notification_id: 0, is_read: true },
    status: 404,
  },
  {
    name: 'read: id too big',
    method: 'put',
    path: '/api/notifications/99999999999/read/',
    auth: true,
    body: { notification_id: 1, is_read: true },
    status: 404,
  },
  {
    name: 'read: malformed JSON',
    method: 'put',
    path: '/api/notifications/1/read/',
    auth: true,
    body: '{"is_read":',
    status: 400,
  },
  {
    name: 'read: wrong types',
    method: 'put',
    path: '/api/notifications/1/read/',
    auth: true,
    body: { notification_id: 'one', is_read: 'yes' },
    status: 400,
  },
  { name: 'read: empty body', method: 'put', path: '/api/notifications/1/read/', auth: true, status: 400 },
  { name: 'read: POST', method: 'post', path: '/api/notifications/1/read/', auth: true, status: 405 },
  // push devices
  {
    name: 'devices: malformed JSON',
    method: 'post',
    path: '/api/firebase-devices/',
    auth: true,
    body: '{"token"',
    status: 400,
  },
  {
    name: 'devices: empty token',
    method: 'post',
    path: '/api/firebase-devices/',
    auth: true,
    body: { token: '' },
    status: 400,
  },
  {
    name: 'devices: numeric token',
    method: 'post',
    path: '/api/firebase-devices/',
    auth: true,
    body: { token: 123 },
    status: 400,
  },
  {
    name: 'devices: user as text',
    method: 'post',
    path: '/api/firebase-devices/',
    auth: true,
    body: { token: 't', user: 'me' },
    status: 400,
  },
  {
    name: 'devices: token too long',
    method: 'post',
    path: '/api/firebase-devices/',
    auth: true,
    body: { token: 'x'.repeat(5000) },
    status: 400,
  },
  {
    name: 'devices: no token',
    method: 'post',
    path: '/api/firebase-devices/',
    body: { token: 't' },
    status: 401,
  },
  // public
  { name: 'auth methods: POST', method: 'post', path: '/api/auth/methods/', body: {}, status: 405 },
  { name: 'health: DELETE', method: 'delete', path: '/api/health/', status: 405 },
  // unknown paths
  { name: 'unknown GET path', method: 'get', path: '/api/does-not-exist/', status: 404 },
  { name: 'unknown POST path', method: 'post', path: '/api/does/not/exist/', body: {}, status: 404 },
];

async function send(c: BadRequest) {
  let req = request(t.app)[c.method](c.path);
  if (c.auth) req = req.set(t.auth(access));
  if (c.authorization) req = req.set('Authorization', c.authorization);
  if (typeof c.body === 'string')
    return req.set('Content-Type', c.contentType ?? 'application/json').send(c.body);
  if (c.body !== undefined) return req.send(c.body as object);
  return req;
}

describe('malformed requests', () => {
  it.each(CASES)('$name → $status with a Japanese JSON message', async (c) => {
    const res = await send(c);
    expect(res.status, JSON.stringify(res.body)).toBe(c.status);
    expect(res.type).toBe('application/json');
    expectJapaneseError(res.body);
    expect(res.text).not.toMatch(/\n\s+at |<html|Error:/);
  });

  it('answers malformed JSON with the parse-error message', async () => {
    const res = await send(CASES[0]!);
    expect(res.body).toEqual({ detail: API_MSG.malformedJson, code: 'parse_error' });
  });

  it('answers an unknown /api path with the path-not-found message', async () => {
    const res = await request(t.app).get('/api/nothing/here/');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: API_MSG.pathNotFound, code: 'not_found' });
  });

  it('answers field errors per field, with nested paths joined by dots', async () => {
    const res = await request(t.app)
      .put('/api/notifications/1/read/')
      .set(t.auth(access))
      .send({ notification_id: 'one', is_read: 'yes' });
    expect(Object.keys(res.body).sort()).toEqual(['is_read', 'notification_id']);
    // Issue 12 item 8: the message names the field by its label.
    expect(res.body.is_read).toEqual(['既読 は真偽値（true または false）で入力してください。']);
  });

  it('answers page=abc under the page field', async () => {
    const res = await request(t.app).get('/api/notifications/?page=abc').set(t.auth(access));
    expect(res.body).toEqual({ page: ['ページ は数値で入力してください。'] });
  });

  it('answers 413 for a JSON body over 4 MB', async () => {
    const res = await request(t.app)
      .post('/api/token-auth/')
      .send({ username: 'yamada', password: 'x'.repeat(4 * 1024 * 1024 + 10) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ detail: API_MSG.payloadTooLarge, code: 'payload_too_large' });
  });

  it('accepts a JSON body of 3 MB (a 2 MB upload in base64)', async () => {
    const res = await request(t.app)
      .post('/api/firebase-devices/')
      .set(t.auth(access))
      .send({ token: 'big-body', description: '', padding: 'x'.repeat(3 * 1024 * 1024) });
    expect(res.status).toBe(201);
  });

  it('registers a push token of the longest allowed length', async () => {
    const token = Buffer.from(crypto.getRandomValues(new Uint8Array(3072)))
      .toString('base64url')
      .slice(0, 4096);
    const res = await request(t.app).post('/api/firebase-devices/').set(t.auth(access)).send({ token });
    expect(res.status).toBe(201);
  });
});

describe('HTTP basics', () => {
  it('honours an incoming X-Request-Id and makes one up otherwise', async () => {
    const given = await request(t.app).get('/api/health/').set('X-Request-Id', 'abc-123');
    expect(given.get('X-Request-Id')).toBe('abc-123');
    const made = await request(t.app).get('/api/health/');
    expect(made.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('does not announce Express, and sets security headers and no-store on the API', async () => {
    const res = await request(t.app).get('/api/health/');
    expect(res.get('X-Powered-By')).toBeUndefined();
    expect(res.get('Content-Security-Policy')).toContain("script-src 'self'");
    expect(res.get('Content-Security-Policy')).toContain("style-src 'self' 'unsafe-inline'");
    expect(res.get('Cache-Control')).toBe('no-store');
  });

  it('adds configured hosts to the CSP script-src', async () => {
    const app = t.appWith({ csp: { scriptSrc: ['https://lf-scm-cn.feishucdn.com'], connectSrc: [] } });
    const res = await request(app).get('/api/health/');
    expect(res.get('Content-Security-Policy')).toContain("script-src 'self' https://lf-scm-cn.feishucdn.com");
  });

  it('reports health and the open sign-in methods without a token', async () => {
    expect((await request(t.app).get('/api/health/')).body).toEqual({ status: 'ok' });
    expect((await request(t.app).get('/api/auth/methods/')).body).toEqual({
      password: true,
      cas: null,
      mail: null,
      lark: null,
    });
  });
});

describe('the built web app', () => {
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'portal-web-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(
      path.join(dist, 'index.html'),
      '<!doctype html><title>社員ポータル</title><div id="root"></div>',
    );
    await writeFile(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  });
  afterAll(() => rm(dist, { recursive: true, force: true }));

  it('serves hashed assets as immutable for a year', async () => {
    const res = await request(t.appWith({ webDistDir: dist })).get('/assets/index-abc123.js');
    expect(res.status).toBe(200);
    expect(res.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing asset with 404 instead of the SPA page', async () => {
    const res = await request(t.appWith({ webDistDir: dist })).get('/assets/gone-123.js');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('<div id="root">');
  });

  it('answers client-side routes with index.html, revalidated every time', async () => {
    // '/assets' is the 資材貸出 screen (issue 31), though the built files live below it.
    for (const route of ['/', '/home', '/task/tasks/unresolved/12', '/assets', '/assets?status=returned']) {
      const res = await request(t.appWith({ webDistDir: dist })).get(route);
      expect(res.status).toBe(200);
      expect(res.text).toContain('<div id="root">');
      expect(res.get('Cache-Control')).toBe('no-cache');
    }
  });

  it('explains how to build the web app when web/dist is missing', async () => {
    const res = await request(t.appWith({ webDistDir: path.join(dist, 'missing') })).get('/home');
    expect(res.status).toBe(200);
    expect(res.text).toContain('npm run build');
  });
});
