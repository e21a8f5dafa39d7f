// Issue 13, leave: the statutory grant job on a fixed clock (once per employee and grant date however
// often it runs; part-time positions get the proportional grant), and the leave endpoints —
// paid-vacation/status/, paid-vacation/end-date/, vacations/, vacations/year/{y}/,
// vacations/year/{y}/month/{m}/ — for the owner, HR, another employee, a manager without the
// attendance permissions, anonymous callers and bad input.
import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@portal/shared/messages';
import { grantsDue, nextScheduledGrant } from '@portal/shared/paid-leave/schedule';
import { employees } from '../src/db/schema/employees.ts';
import { positions } from '../src/db/schema/organizations.ts';
import { users } from '../src/db/schema/users.ts';
import { paidLeaveGrants, vacations } from '../src/db/schema/vacations.ts';
import { tokyoDate } from '../src/dates.ts';
import { runPaidLeaveGrants } from '../src/modules/vacations/grant-job.ts';
import { createTestContext, expectJapaneseError, type TestContext } from './support/test-context.ts';
import { tokens, type As } from './support/workflow-fixtures.ts';

let t: TestContext;
let as: As;

beforeAll(async () => {
  t = await createTestContext();
  as = tokens(t);
});
afterAll(() => t?.close());

async function employeeOf(username: string) {
  const [row] = await t.db
    .select({ id: employees.id, joinDate: employees.joinDate })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(eq(users.username, username));
  return row!;
}

async function grantsOf(employeeId: number) {
  return t.db
    .select({
      granted_on: paidLeaveGrants.grantedOn,
      days: paidLeaveGrants.days,
      expires_on: paidLeaveGrants.expiresOn,
    })
    .from(paidLeaveGrants)
    .where(eq(paidLeaveGrants.employeeId, employeeId))
    .orderBy(paidLeaveGrants.grantedOn);
}

describe('the statutory grant job on a fixed clock', () => {
  it('grants each employee once per grant date however many times it runs', async () => {
    const mori = await employeeOf('mori'); // joined 2021-04-01, full time
    expect(await grantsOf(mori.id)).toEqual([]);
    const first = await runPaidLeaveGrants(t.db, '2026-11-25');
    expect(first).toBeGreaterThan(0);
    expect(await runPaidLeaveGrants(t.db, '2026-11-25')).toBe(0);
    expect(await runPaidLeaveGrants(t.db, '2026-11-25')).toBe(0);
    expect(await grantsOf(mori.id)).toEqual([
      { granted_on: '2025-10-01', days: 16, expires_on: '2027-10-01' },
      { granted_on: '2026-10-01', days: 18, expires_on: '2028-10-01' },
    ]);
    // The day before the next grant date nothing is added; on it, exactly one more grant.
    expect(await runPaidLeaveGrants(t.db, '2027-09-30', [mori.id])).toBe(0);
    await Promise.all([1, 2, 3].map(() => runPaidLeaveGrants(t.db, '2027-10-01', [mori.id])));
    expect((await grantsOf(mori.id)).map((g) => `${g.granted_on}:${g.days}`)).toEqual([
      '2025-10-01:16',
      '2026-10-01:18',
      '2027-10-01:20',
    ]);
  });

  it('gives a part-time position the proportional grant of its weekly days', async () => {
    const hashimoto = await employeeOf('hashimoto'); // joined 2022-04-01
    await t.db
      .update(positions)
      .set({ isPartTime: true, weeklyWorkDays: 3 })
      .where(eq(positions.employeeId, hashimoto.id));
    await t.db.delete(paidLeaveGrants).where(eq(paidLeaveGrants.employeeId, hashimoto.id));
    await runPaidLeaveGrants(t.db, '2026-11-25', [hashimoto.id]);
    expect((await grantsOf(hashimoto.id)).map((g) => `${g.granted_on}:${g.days}`)).toEqual([
      '2025-10-01:8',
      '2026-10-01:9',
    ]);
  });

  it('gives a new employee nothing before six months of service', async () => {
    const sakamoto = await employeeOf('sakamoto'); // joined 2025-10-01
    await t.db.delete(paidLeaveGrants).where(eq(paidLeaveGrants.employeeId, sakamoto.id));
    await runPaidLeaveGrants(t.db, '2026-03-31', [sakamoto.id]);
    expect(await grantsOf(sakamoto.id)).toEqual([]);
    await runPaidLeaveGrants(t.db, '2026-04-01', [sakamoto.id]);
    expect(await grantsOf(sakamoto.id)).toEqual([
      { granted_on: '2026-04-01', days: 10, expires_on: '2028-04-01' },
    ]);
  });
});

describe('GET paid-vacation/status/', () => {
  it("answers the owner's grants, remaining days, next grant and obligation", async () => {
    const yamada = await employeeOf('yamada');
    const today = tokyoDate();
    const res = await request(t.app)
      .get('/api/paid-vacation/status/')
      .set(await as('yamada'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const due = grantsDue(yamada.joinDate!, 5, today);
    expect(res.body.grants.map((g: { granted_on: string }) => g.granted_on)).toEqual(
      due.map((g) => g.granted_on),
    );
    for (const grant of res.body.grants) {
      expect(grant.used_days + grant.remaining_days).toBe(grant.days);
      expect(grant).toEqual({
        granted_on: expect.any(String),
        expires_on: expect.any(String),
        days: expect.any(Number),
        used_days: expect.any(Number),
        remaining_days: expect.any(Number),
      });
    }
    expect(res.body.remaining_days).toBe(
      res.body.grants.reduce((sum: number, g: { remaining_days: number }) => sum + g.remaining_days, 0),
    );
    const next = nextScheduledGrant(yamada.joinDate!, 5, today);
    expect(res.body.next_grant).toEqual({ date: next.granted_on, days: next.days });
    expect(res.body.obligation).toMatchObject({ required_days: 5 });
    expect(res.body.obligation.deadline > today).toBe(true);
    expect(typeof res.body.expiring_days).toBe('number');
  });

  it('moves with the history: a day of paid leave taken today costs one day of the oldest grant', async () => {
    const yamaguchi = await employeeOf('yamaguchi');
    const before = await request(t.app)
      .get('/api/paid-vacation/status/')
      .set(await as('yamaguchi'));
    const today = tokyoDate();
    await t.db.insert(vacations).values({
      employeeId: yamaguchi.id,
      category: '01',
      startDate: today,
      endDate: today,
      days: 0.5,
      isStartHalf: true,
    });
    const after = await request(t.app)
      .get('/api/paid-vacation/status/')
      .set(await as('yamaguchi'));
    expect(after.body.remaining_days).toBe(before.body.remaining_days - 0.5);
    expect(after.body.grants[0].used_days).toBe(before.body.grants[0].used_days + 0.5);
    await t.db
      .delete(vacations)
      .where(and(eq(vacations.employeeId, yamaguchi.id), eq(vacations.startDate, today)));
  });

  it('lets HR read anyone, and answers 404 to another employee and to a manager', async () => {
    const yamada = await employeeOf('yamada');
    const path = `/api/paid-vacation/status/?employee=${yamada.id}`;
    expect(
      (
        await request(t.app)
          .get(path)
          .set(await as('hr'))
      ).status,
    ).toBe(200);
    // suzuki heads yamada's 課 but holds no attendance permission; kato sees 営業一課 only.
    for (const who of ['suzuki', 'kato', 'mori']) {
      const res = await request(t.app)
        .get(path)
        .set(await as(who));
      expect(res.status, who).toBe(404);
    }
    expect(
      (
        await request(t.app)
          .get(`/api/paid-vacation/status/?employee=999999`)
          .set(await as('hr'))
      ).status,
    ).toBe(404);
  });

  it("answers '有休情報取得できません。' to a user without an employee record", async () => {
    const res = await request(t.app)
      .get('/api/paid-vacation/status/')
      .set(await as('admin'));
    expect(res.status).toBe(404);
    expect(res.body.detail).toBe(MSG.paidLeaveUnavailable);
  });
});

describe('GET paid-vacation/end-date/', () => {
  it('answers the next lapse with its days', async () => {
    const res = await request(t.app)
      .get('/api/paid-vacation/end-date/')
      .set(await as('yamada'));
    expect(res.status).toBe(200);
    const status = await request(t.app)
      .get('/api/paid-vacation/status/')
      .set(await as('yamada'));
    const first = status.body.grants.find((g: { remaining_days: number }) => g.remaining_days > 0);
    expect(res.body).toEqual({ end_date: first.expires_on, days: first.remaining_days });
  });
});

describe('the leave history: vacations/, vacations/year/{y}/, vacations/year/{y}/month/{m}/', () => {
  it('answers the owner all of it, a year of it and a month of it', async () => {
    const all = await request(t.app)
      .get('/api/vacations/')
      .set(await as('yamada'));
    expect(all.status).toBe(200);
    expect(all.body.length).toBeGreaterThanOrEqual(5);
    const first = all.body[0];
    expect(first).toMatchObject({
      category: expect.any(String),
      category_name: expect.any(String),
      start_date: expect.any(String),
      end_date: expect.any(String),
      days: expect.any(Number),
      is_start_half: expect.any(Boolean),
      is_end_half: expect.any(Boolean),
    });
    const year = Number(first.start_date.slice(0, 4));
    const month = Number(first.start_date.slice(5, 7));
    const byYear = await request(t.app)
      .get(`/api/vacations/year/${year}/`)
      .set(await as('yamada'));
    expect(byYear.body.length).toBeGreaterThan(0);
    for (const row of byYear.body)
      expect(row.start_date <= `${year}-12-31` && row.end_date >= `${year}-01-01`).toBe(true);
    const byMonth = await request(t.app)
      .get(`/api/vacations/year/${year}/month/${month}/`)
      .set(await as('yamada'));
    expect(byMonth.body).toContainEqual(first);
    const empty = await request(t.app)
      .get('/api/vacations/year/1999/')
      .set(await as('yamada'));
    expect(empty.body).toEqual([]);
  });

  it('lets HR read it with ?employee=, and answers 404 to others', async () => {
    const yamada = await employeeOf('yamada');
    for (const path of [
      '/api/vacations/',
      '/api/vacations/year/2026/',
      '/api/vacations/year/2026/month/1/',
    ]) {
      const url = `${path}?employee=${yamada.id}`;
      expect(
        (
          await request(t.app)
            .get(url)
            .set(await as('hr'))
        ).status,
        path,
      ).toBe(200);
      expect(
        (
          await request(t.app)
            .get(url)
            .set(await as('suzuki'))
        ).status,
        path,
      ).toBe(404);
      expect(
        (
          await request(t.app)
            .get(url)
            .set(await as('mori'))
        ).status,
        path,
      ).toBe(404);
    }
  });
});

describe('anonymous callers and bad input', () => {
  const paths = [
    '/api/paid-vacation/status/',
    '/api/paid-vacation/end-date/',
    '/api/vacations/',
    '/api/vacations/year/2026/',
    '/api/vacations/year/2026/month/4/',
  ];
  it.each(paths)('%s: 401 without a token', async (path) => {
    expect((await request(t.app).get(path)).status).toBe(401);
  });
  it.each(paths)('%s: 400 with a Japanese message for a bad ?employee=', async (path) => {
    const res = await request(t.app)
      .get(`${path}?employee=abc`)
      .set(await as('hr'));
    expect(res.status).toBe(400);
    expectJapaneseError(res.body);
    expect(Object.keys(res.body)).toContain('employee');
  });
  it.each(['/api/vacations/year/20x6/', '/api/vacations/year/2026/month/13/'])(
    '%s: a path that names no year or month is 404',
    async (path) => {
      expect(
        (
          await request(t.app)
            .get(path)
            .set(await as('yamada'))
        ).status,
      ).toBe(404);
    },
  );
});
