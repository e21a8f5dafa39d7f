// Issue 34, the one access log: each read of another person's protected record by HR or an admin
// writes one row naming actor and subject; a department workbook one row listing every employee in
// it; reading one's own records writes none; an employee cannot read the log; the summary counts
// distinct subjects over a period; the CSV carries the rows.
import { desc, eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees } from '../src/db/schema/employees.ts';
import { accessLog } from '../src/db/schema/privacy.ts';
import { users } from '../src/db/schema/users.ts';
import { createTestContext, type TestContext } from './support/test-context.ts';
import { tokens, type As } from './support/workflow-fixtures.ts';
import { ATTENDANCE_WORKFLOW_ID, getMonth, upload, withDefaultInput } from './support/attendance-fixtures.ts';

let t: TestContext;
let as: As;
let yamada: number;
let taskId: number;

async function employeeIdOf(username: string): Promise<number> {
  const [row] = await t.db
    .select({ id: employees.id })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(eq(users.username, username));
  return row!.id;
}

async function userIdOf(username: string): Promise<number> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row!.id;
}

async function lastId(): Promise<number> {
  const [row] = await t.db.select({ id: accessLog.id }).from(accessLog).orderBy(desc(accessLog.id)).limit(1);
  return row?.id ?? 0;
}

async function rowsSince(id: number) {
  return t.db
    .select()
    .from(accessLog)
    .where(sql`${accessLog.id} > ${id}`)
    .orderBy(accessLog.id);
}

beforeAll(async () => {
  t = await createTestContext();
  as = tokens(t);
  yamada = await employeeIdOf('yamada');
  const month = await getMonth(t, as, 'yamada', 2025, 4);
  const res = await request(t.app)
    .post(`/api/task/workflows/${ATTENDANCE_WORKFLOW_ID}/form/`)
    .set(await as('yamada'))
    .send({
      ...withDefaultInput(month),
      year: 2025,
      month: 4,
      work_time_file: upload('勤務表.pdf', Buffer.from('%PDF-1.4 yamada')),
    });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  taskId = res.body.id;
});
afterAll(() => t?.close());

describe('reads of another person’s records', () => {
  const reads = (): [string, string, string, string][] => [
    ['hr', `/api/employees/${yamada}/`, 'profile', 'view'],
    ['hr', `/api/employees/${yamada}/residence-status/`, 'residence', 'view'],
    ['hr', `/api/bank-accounts/?employee=${yamada}`, 'bank_account', 'view'],
    ['hr', `/api/attendance/${taskId}/`, 'attendance', 'view'],
    ['hr', `/api/attendance/tasks/details/${taskId}/`, 'attendance', 'view'],
    ['hr', `/api/attendance/tasks/details/${taskId}/file/`, 'attendance', 'download'],
    ['hr', `/api/attendance/tasks/pdf/${taskId}/`, 'attendance', 'print'],
    ['admin', `/api/admin/people/${yamada}/`, 'profile', 'view'],
    ['admin', `/api/employees/${yamada}/`, 'profile', 'view'],
  ];

  it('writes one row per read, naming the actor and the subject, with the request id', async () => {
    for (const [who, url, kind, action] of reads()) {
      const before = await lastId();
      const res = await request(t.app)
        .get(url)
        .set(await as(who))
        .set('X-Request-Id', `test-${kind}-${action}`);
      expect(res.status, `${url} ${JSON.stringify(res.body).slice(0, 200)}`).toBe(200);
      const rows = await rowsSince(before);
      expect(
        rows.map((r) => ({ actor: r.actorId, subjects: r.subjects, kind: r.kind, action: r.action })),
        url,
      ).toEqual([{ actor: await userIdOf(who), subjects: [yamada], kind, action }]);
      expect(rows[0]!.actorName).toBe(who);
      expect(rows[0]!.requestId).toBe(`test-${kind}-${action}`);
      expect(rows[0]!.address).not.toBeNull();
    }
  });

  it('writes none when the employee reads their own records', async () => {
    const before = await lastId();
    for (const url of [
      `/api/employees/${yamada}/`,
      `/api/employees/${yamada}/residence-status/`,
      '/api/bank-accounts/',
      `/api/attendance/${taskId}/`,
      `/api/attendance/tasks/details/${taskId}/`,
      `/api/attendance/tasks/details/${taskId}/file/`,
      `/api/attendance/tasks/pdf/${taskId}/`,
    ]) {
      const res = await request(t.app)
        .get(url)
        .set(await as('yamada'));
      expect(res.status, url).toBe(200);
    }
    expect(await rowsSince(before)).toEqual([]);
  });

  it('writes one row listing every employee of the payroll workbook', async () => {
    const before = await lastId();
    const res = await request(t.app)
      .get('/api/expense/attendance/year/2025/month/4/')
      .set(await as('hr'));
    expect(res.status).toBe(200);
    const listed = await t.db.execute<{ id: number }>(
      sql`select distinct v.employee_id as id from attendance_versions v join tasks k on k.id = v.task_id
        where v.year = 2025 and v.month = 4 and k.status in ('01', '90') order by 1`,
    );
    const ids = (listed as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
    expect(ids).toContain(yamada);
    const rows = await rowsSince(before);
    expect(rows.map((r) => [r.kind, r.action, r.subjects])).toEqual([
      ['attendance_workbook', 'download', ids],
    ]);
  });

  it('writes one row listing every employee of the console’s people export', async () => {
    const before = await lastId();
    const res = await request(t.app)
      .get('/api/admin/people-export/csv/')
      .set(await as('admin'));
    expect(res.status).toBe(200);
    const all = (await t.db.select({ id: employees.id }).from(employees))
      .map((e) => e.id)
      .sort((a, b) => a - b);
    const rows = await rowsSince(before);
    expect(rows.map((r) => [r.kind, r.action, r.subjects])).toEqual([['people_export', 'export', all]]);
  });
});

describe('the console’s アクセス記録', () => {
  it('is refused to an employee (403)', async () => {
    for (const url of ['/api/admin/access-log/', '/api/admin/access-log/csv/']) {
      const res = await request(t.app)
        .get(url)
        .set(await as('yamada'));
      expect(res.status, url).toBe(403);
    }
  });

  it('filters by subject and kind and counts distinct people over a period', async () => {
    const hr = await userIdOf('hr');
    const kato = await employeeIdOf('kato');
    await request(t.app)
      .get(`/api/employees/${kato}/`)
      .set(await as('hr'))
      .expect(200);
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Tokyo' });
    const res = await request(t.app)
      .get(`/api/admin/access-log/?actor=${hr}&kind=profile&date_from=${today}&date_to=${today}`)
      .set(await as('admin'));
    expect(res.status).toBe(200);
    // HR's profile reads this test made: yamada's (first test) and kato's.
    const subjects = new Set<number>(
      res.body.results.flatMap((r: { subjects: { id: number }[] }) => r.subjects.map((s) => s.id)),
    );
    expect([...subjects].sort((a, b) => a - b)).toEqual([yamada, kato].sort((a, b) => a - b));
    expect(res.body.summary.distinct_subjects).toBe(2);
    expect(res.body.summary.rows).toBe(res.body.count);
    expect(res.body.summary.actors).toEqual([
      { actor_id: hr, actor_name: 'hr', reads: res.body.count, subjects: 2 },
    ]);
    const bySubject = await request(t.app)
      .get(`/api/admin/access-log/?subject=${kato}&kind=profile`)
      .set(await as('admin'));
    expect(bySubject.body.count).toBe(1);
    expect(bySubject.body.results[0].subjects).toEqual([{ id: kato, name: '加藤 美咲' }]);
    // A period before anything was logged holds nothing.
    const past = await request(t.app)
      .get('/api/admin/access-log/?date_from=2000-01-01&date_to=2000-01-31')
      .set(await as('admin'));
    expect(past.body).toMatchObject({ count: 0, results: [], summary: { distinct_subjects: 0 } });
  });

  it('gives the filtered rows as CSV', async () => {
    const kato = await employeeIdOf('kato');
    const res = await request(t.app)
      .get(`/api/admin/access-log/csv/?subject=${kato}&kind=profile`)
      .set(await as('admin'));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      '"日時","操作者","操作","種類","記録ID","対象者","対象者ID","リクエストID","アドレス"',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"hr","閲覧","プロフィール"');
    expect(lines[1]).toContain('"加藤 美咲"');
  });
});
