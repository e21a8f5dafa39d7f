// Issue 12, items 6, 7, 8 and 10: what arrives at the boundary malformed is refused with a 400 (or
// the status the transport means) in the JSON error shape, naming the field by its Japanese label.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerClientErrors } from '../src/middleware/client-errors.ts';
import {
  createTestContext,
  expectJapaneseError,
  messagesOf,
  type TestContext,
} from './support/test-context.ts';

let t: TestContext;
let access: string;

beforeAll(async () => {
  t = await createTestContext();
  access = (await t.signIn('yamada')).access;
});
afterAll(() => t?.close());

/** zod's English type words and its label-less generic sentences. */
const ENGLISH_TYPE_WORDS =
  /\b(string|number|boolean|record|object|array|int|bigint)\b|無効な入力|大きすぎる値|小さすぎる値/;

function expectLabelledMessages(body: unknown): void {
  expectJapaneseError(body);
  for (const message of messagesOf(body)) expect(message).not.toMatch(ENGLISH_TYPE_WORDS);
}

describe('control characters (item 6)', () => {
  it('refuses U+0000 in the sign-in user name with 400 and the label ユーザー名', async () => {
    const res = await request(t.app)
      .post('/api/token-auth/')
      .send({ username: 'a\u0000b', password: 'demo1234' });
    expect(res.status).toBe(400);
    expect(res.body.username[0]).toContain('ユーザー名');
    expect(res.body.username[0]).toContain('制御文字');
  });

  it('refuses other C0 controls in a body field, and in a query string', async () => {
    const body = await request(t.app)
      .post('/api/account/proxies/')
      .set(t.auth(access))
      .send({ proxy_id: 2, start_date: '2030-01-01\u0007', end_date: '2030-01-02' });
    expect(body.status).toBe(400);
    expect(body.body.start_date[0]).toContain('開始日');
    const query = await request(t.app).get('/api/workflow/workflows/?query=a%00b').set(t.auth(access));
    expect(query.status).toBe(400);
    expect(query.body.query[0]).toContain('検索文字列');
  });

  it('keeps tab and line breaks in text', async () => {
    const res = await request(t.app)
      .post('/api/token-auth/')
      .send({ username: 'yamada\t', password: 'demo1234\n' });
    expect(res.status).not.toBe(500);
    expect(res.body.username).toBeUndefined();
  });

  it('refuses NUL in a path parameter and in a JSON key', async () => {
    const path = await request(t.app).get('/api/task/tasks/1%00/').set(t.auth(access));
    expect(path.status).toBe(400);
    expectJapaneseError(path.body);
    const key = await request(t.app)
      .post('/api/token-auth/')
      .send({ 'user\u0000name': 'a', username: 'yamada', password: 'demo1234' });
    expect(key.status).toBe(400);
  });
});

describe('transport errors (item 7)', () => {
  it('answers malformed percent-encoding in a path with 400 JSON', async () => {
    for (const url of ['/api/task/tasks/%ZZ/', '/api/task/tasks/1/nodes/%E0%A4%A/approval/']) {
      const res = await request(t.app).get(url).set(t.auth(access));
      expect(res.status, url).toBe(400);
      expectJapaneseError(res.body);
    }
  });

  it('answers a gzip or br body that does not inflate with 400 JSON', async () => {
    for (const encoding of ['gzip', 'br', 'deflate']) {
      const res = await request(t.app)
        .post('/api/token-auth/')
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', encoding)
        .send('this is not compressed');
      expect(res.status, encoding).toBe(400);
      expectJapaneseError(res.body);
    }
  });
});

describe('messages name the field (item 8)', () => {
  it('words zod type and size errors with the label, without English type words', async () => {
    const res = await request(t.app)
      .post('/api/account/proxies/')
      .set(t.auth(access))
      .send({ proxy_id: 'x', start_date: 5, end_date: true });
    expect(res.status).toBe(400);
    expect(res.body.proxy_id[0]).toContain('代理承認者');
    expect(res.body.start_date[0]).toContain('開始日');
    expectLabelledMessages(res.body);
    const long = await request(t.app)
      .post('/api/firebase-devices/')
      .set(t.auth(access))
      .send({ token: 'x'.repeat(5000), description: 7 });
    expect(long.status).toBe(400);
    expect(long.body.token[0]).toContain('トークン');
    expect(long.body.description[0]).toContain('説明');
    expectLabelledMessages(long.body);
  });

  it('names the refresh token by its label, not its field name', async () => {
    const res = await request(t.app).post('/api/token-refresh/').send({});
    expect(res.status).toBe(400);
    expect(res.body.refresh[0]).toContain('リフレッシュトークン');
    expect(res.body.refresh[0]).not.toMatch(/^refresh/);
  });

  it('names attendance settings by their labels, not lunch_start_time', async () => {
    const month = await request(t.app).get('/api/attendance/year/2030/month/1/').set(t.auth(access));
    expect(month.status).toBe(200);
    const draft = month.body.draft ?? month.body;
    const first = { ...draft.first, settings: { ...draft.first.settings, lunch_start_time: '99:99' } };
    const res = await request(t.app)
      .put('/api/attendance/year/2030/month/1/')
      .set(t.auth(access))
      .send({ first, second: draft.second, remark: '', default_input: false });
    expect(res.status).toBe(400);
    const messages = messagesOf(res.body).join(' ');
    expect(messages).toContain('昼休憩の開始時刻');
    expect(messages).not.toContain('lunch_start_time');
  });

  it('answers a top-level body of the wrong type with a Japanese message', async () => {
    const res = await request(t.app).post('/api/token-auth/').send([1, 2]);
    expect(res.status).toBe(400);
    expectLabelledMessages(res.body);
  });
});

describe('outside the app (item 10)', () => {
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'portal-web-dist-'));
    await mkdir(path.join(dist, 'assets'));
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  });
  afterAll(() => rm(dist, { recursive: true, force: true }));

  // Issue 39: a file that is not there is a plain-text 404, never the app's page nor the API's JSON.
  it('answers a missing asset with a plain-text 404', async () => {
    const res = await request(t.appWith({ webDistDir: dist })).get('/assets/gone-123.js');
    expect(res.status).toBe(404);
    expect(res.type).toBe('text/plain');
    expect(res.text).not.toContain('<div id="root">');
  });

  async function raw(server: Server, text: string): Promise<string> {
    const { port } = server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    socket.write(text);
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    await once(socket, 'close');
    return answer;
  }

  it('answers oversized headers (431) and a malformed request (400) with JSON', async () => {
    const server = createServer(t.app);
    answerClientErrors(server);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      const big = await raw(
        server,
        `GET /api/health/ HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`,
      );
      expect(big).toMatch(/^HTTP\/1\.1 431 /);
      expect(big).toContain('application/json');
      expectJapaneseError(JSON.parse(big.slice(big.indexOf('\r\n\r\n') + 4)));
      const bad = await raw(server, 'NOT A REQUEST\r\n\r\n');
      expect(bad).toMatch(/^HTTP\/1\.1 400 /);
      expectJapaneseError(JSON.parse(bad.slice(bad.indexOf('\r\n\r\n') + 4)));
    } finally {
      server.close();
    }
  });
});
