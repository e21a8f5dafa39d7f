// The attendance and calendar endpoints, fed malformed bodies, queries, ids and tokens, answer 4xx
// JSON with a Japanese message: never a 500, never HTML (the pattern of http-errors.test.ts).
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, expectJapaneseError, type TestContext } from './support/test-context.ts';

let t: TestContext;
let access: string;

beforeAll(async () => {
  t = await createTestContext();
  access = (await t.signIn('yamada')).access;
});
afterAll(() => t?.close());

type Method = 'get' | 'post' | 'put' | 'delete';

interface BadRequest {
  readonly name: string;
  readonly method: Method;
  readonly path: string;
  readonly auth?: boolean;
  readonly body?: unknown;
  readonly status: number;
}

const MONTH = '/api/attendance/year/2025/month/4/';

const CASES: BadRequest[] = [
  { name: 'my month: no token', method: 'get', path: MONTH, status: 401 },
  {
    name: 'my month: malformed JSON',
    method: 'put',
    path: MONTH,
    auth: true,
    body: '{"first":',
    status: 400,
  },
  { name: 'my month: JSON null', method: 'put', path: MONTH, auth: true, body: 'null', status: 400 },
  { name: 'my month: array body', method: 'put', path: MONTH, auth: true, body: [], status: 400 },
  {
    name: 'my month: wrong types',
    method: 'put',
    path: MONTH,
    auth: true,
    body: { first: 'x', second: 1, remark: 5 },
    status: 400,
  },
  {
    name: 'my month: remark too long',
    method: 'put',
    path: MONTH,
    auth: true,
    body: { remark: 'あ'.repeat(1001) },
    status: 400,
  },
  { name: 'my month: POST', method: 'post', path: MONTH, auth: true, status: 405 },
  {
    name: 'my month: month 13',
    method: 'get',
    path: '/api/attendance/year/2025/month/13/',
    auth: true,
    status: 404,
  },
  {
    name: 'submit: wrong types',
    method: 'post',
    path: '/api/task/workflows/2/form/',
    auth: true,
    body: { year: '2025', month: 'april', first: null },
    status: 400,
  },
  {
    name: 'submit: file_del not a boolean',
    method: 'post',
    path: '/api/task/workflows/2/form/',
    auth: true,
    body: { year: 2025, month: 4, file_del: 'yes' },
    status: 400,
  },
  {
    name: 'details: id abc',
    method: 'get',
    path: '/api/attendance/tasks/details/abc/',
    auth: true,
    status: 404,
  },
  {
    name: 'details: unknown id',
    method: 'get',
    path: '/api/attendance/tasks/details/999999/',
    auth: true,
    status: 404,
  },
  {
    name: 'details: version abc',
    method: 'get',
    path: '/api/attendance/tasks/details/1/?version=abc',
    auth: true,
    status: 404,
  },
  {
    name: 'details: DELETE',
    method: 'delete',
    path: '/api/attendance/tasks/details/1/',
    auth: true,
    status: 405,
  },
  { name: 'details: no token', method: 'get', path: '/api/attendance/tasks/details/1/', status: 401 },
  {
    name: 'modify-details: malformed JSON on an unknown report',
    method: 'put',
    path: '/api/attendance/tasks/modify-details/999999/',
    auth: true,
    body: '{',
    status: 400,
  },
  {
    name: 'modify-details: unknown report',
    method: 'put',
    path: '/api/attendance/tasks/modify-details/999999/',
    auth: true,
    body: {},
    status: 404,
  },
  { name: 'report: id 0', method: 'get', path: '/api/attendance/0/', auth: true, status: 404 },
  { name: 'report: POST', method: 'post', path: '/api/attendance/1/', auth: true, status: 405 },
  {
    name: 'download: month 0',
    method: 'get',
    path: '/api/attendance/download/2025/0/',
    auth: true,
    status: 404,
  },
  { name: 'download: no token', method: 'get', path: '/api/attendance/download/2025/4/', status: 401 },
  { name: 'pdf: year abcd', method: 'get', path: '/api/attendance/pdf/abcd/4/', auth: true, status: 404 },
  {
    name: 'payroll: without the permission',
    method: 'get',
    path: '/api/expense/attendance/year/2025/month/4/',
    auth: true,
    status: 403,
  },
  {
    name: 'payroll: month 13',
    method: 'get',
    path: '/api/expense/attendance/year/2025/month/13/',
    auth: true,
    status: 404,
  },
  {
    name: 'list: no year',
    method: 'get',
    path: '/api/attendance/employees/?month=4',
    auth: true,
    status: 400,
  },
  {
    name: 'list: page 0',
    method: 'get',
    path: '/api/attendance/employees/?year=2025&month=4&page=0',
    auth: true,
    status: 400,
  },
  {
    name: 'business days: POST',
    method: 'post',
    path: '/api/task/business-days/2025/4/',
    auth: true,
    status: 405,
  },
  { name: 'business days: no token', method: 'get', path: '/api/task/business-days/2025/4/', status: 401 },
  {
    name: 'calendar: PUT malformed JSON',
    method: 'put',
    path: '/api/master/company/calendar',
    auth: true,
    body: '{',
    status: 400,
  },
  {
    name: 'calendar: DELETE',
    method: 'delete',
    path: '/api/master/company/calendar',
    auth: true,
    status: 405,
  },
  {
    name: 'calendar files: id abc',
    method: 'delete',
    path: '/api/master/company/calendar/files/abc/',
    auth: true,
    status: 404,
  },
];

async function send(c: BadRequest) {
  let req = request(t.app)[c.method](c.path);
  if (c.auth) req = req.set('Authorization', `JWT ${access}`);
  if (c.body === undefined) return req;
  return typeof c.body === 'string'
    ? req.set('Content-Type', 'application/json').send(c.body)
    : req.send(c.body as object);
}

describe('malformed attendance requests', () => {
  it.each(CASES)('$name → $status with a Japanese JSON message', async (c) => {
    const res = await send(c);
    expect(res.status, JSON.stringify(res.body)).toBe(c.status);
    expect(res.type).toBe('application/json');
    expectJapaneseError(res.body);
    expect(res.text).not.toMatch(/\n\s+at |<html|Error:/);
  });

  it('answers 413 for a month over 4 MB', async () => {
    const res = await request(t.app)
      .post('/api/task/workflows/2/form/')
      .set('Authorization', `JWT ${access}`)
      .send({ year: 2025, month: 4, work_time_file: `name:YS5wZGY=;${'A'.repeat(4_300_000)}` });
    expect(res.status).toBe(413);
    expectJapaneseError(res.body);
  });
});
