// Issue 35, leave by the law, on a fixed clock: the grant job judges each 基準日 on the 80 % condition
// (労働基準法 第39条), records the rate and the reason, grants the next year when that year reaches 80 %,
// stays one grant per date when run three times at once; a leave across a 基準日 draws on each grant by
// its own dates. Runs on PGlite and on PostgreSQL (vitest.pg.config.ts).
import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TVacation } from '@portal/shared/contracts/vacations';
import { employees } from '../src/db/schema/employees.ts';
import { users } from '../src/db/schema/users.ts';
import { paidLeaveGrantDecisions, paidLeaveGrants, vacations } from '../src/db/schema/vacations.ts';
import { runPaidLeaveGrants } from '../src/modules/vacations/grant-job.ts';
import { loadPaidLeaveLedger } from '../src/modules/vacations/paid-leave-ledger.ts';
import { createTestContext, type TestContext } from './support/test-context.ts';
import { tokens } from './support/workflow-fixtures.ts';

let t: TestContext;
let mori: number;

beforeAll(async () => {
  t = await createTestContext();
  const [row] = await t.db
    .select({ id: employees.id, joinDate: employees.joinDate })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(eq(users.username, 'mori'));
  expect(row!.joinDate).toBe('2021-04-01'); // 基準日 every 1 October
  mori = row!.id;
});
afterAll(() => t?.close());

async function grantsOf(employeeId: number) {
  const rows = await t.db
    .select({ granted_on: paidLeaveGrants.grantedOn, days: paidLeaveGrants.days })
    .from(paidLeaveGrants)
    .where(eq(paidLeaveGrants.employeeId, employeeId))
    .orderBy(paidLeaveGrants.grantedOn);
  return rows.map((g) => `${g.granted_on}:${g.days}`);
}

async function decisionOf(employeeId: number, grantedOn: string) {
  const [row] = await t.db
    .select()
    .from(paidLeaveGrantDecisions)
    .where(
      and(
        eq(paidLeaveGrantDecisions.employeeId, employeeId),
        eq(paidLeaveGrantDecisions.grantedOn, grantedOn),
      ),
    );
  return row;
}

describe('the 80 % condition in the grant job', () => {
  it('skips the year under 80 %, records why, and grants the next year on its own period', async () => {
    // Four months of unpaid absence (欠勤（無給）) in the period 2025-10-01 – 2026-09-30.
    await t.db.insert(vacations).values({
      employeeId: mori,
      category: '05',
      startDate: '2025-10-01',
      endDate: '2026-01-31',
      days: 81,
    });
    await runPaidLeaveGrants(t.db, '2026-11-25', [mori]);
    expect(await grantsOf(mori)).toEqual(['2025-10-01:16']);

    const refused = await decisionOf(mori, '2026-10-01');
    expect(refused).toMatchObject({
      granted: false,
      days: 0,
      periodFrom: '2025-10-01',
      periodTo: '2026-09-30',
    });
    expect(refused!.ratio).toBeLessThan(80);
    expect(refused!.workedDays * 5).toBeLessThan(refused!.workDays * 4);
    expect(refused!.reason).toMatch(
      /^出勤率 \d+(\.\d)?%（出勤 \d+ 日／全労働日 \d+ 日）：8割未満のため付与なし/,
    );
    const granted = await decisionOf(mori, '2025-10-01');
    expect(granted).toMatchObject({ granted: true, days: 16, ratio: 100 });
    expect(granted!.reason).toMatch(/8割以上のため 16 日を付与/);

    // Run again: the refusal stands, nothing is added.
    expect(await runPaidLeaveGrants(t.db, '2026-11-25', [mori])).toBe(0);
    expect(await grantsOf(mori)).toEqual(['2025-10-01:16']);

    // The next year has no absence: three runs at once make one grant, of the seventh step (20 days).
    const added = await Promise.all([1, 2, 3].map(() => runPaidLeaveGrants(t.db, '2027-10-01', [mori])));
    expect(added.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await grantsOf(mori)).toEqual(['2025-10-01:16', '2027-10-01:20']);
    expect(await decisionOf(mori, '2027-10-01')).toMatchObject({ granted: true, days: 20, ratio: 100 });
    const decisions = await t.db
      .select({ id: paidLeaveGrantDecisions.id })
      .from(paidLeaveGrantDecisions)
      .where(eq(paidLeaveGrantDecisions.employeeId, mori));
    expect(decisions).toHaveLength(3);
  });

  it('counts paid leave in the period as worked', async () => {
    const [hashimoto] = await t.db
      .select({ id: employees.id })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .where(eq(users.username, 'hashimoto')); // joined 2022-04-01
    await t.db.delete(paidLeaveGrants).where(eq(paidLeaveGrants.employeeId, hashimoto!.id));
    await t.db.insert(vacations).values({
      employeeId: hashimoto!.id,
      category: '01',
      startDate: '2026-01-05',
      endDate: '2026-01-09',
      days: 5,
    });
    await runPaidLeaveGrants(t.db, '2026-11-25', [hashimoto!.id]);
    // Paid leave counts as worked (昭22.9.13 発基第17号): the year is at 100 %.
    expect(await decisionOf(hashimoto!.id, '2026-10-01')).toMatchObject({ granted: true, ratio: 100 });
  });
});

describe('a leave across the 基準日', () => {
  it('takes the days before it from the old grant and the day on it from the new one', async () => {
    // The 2025-10-01 grant (16 days, lapsing 2027-10-01) keeps 2 days after 14 are taken.
    await t.db.insert(vacations).values([
      { employeeId: mori, category: '01', startDate: '2027-03-01', endDate: '2027-03-18', days: 14 },
      // Wed 29 Sep – Fri 1 Oct 2027: two days before the 基準日, one on it.
      { employeeId: mori, category: '01', startDate: '2027-09-29', endDate: '2027-10-01', days: 3 },
    ]);
    const before = await loadPaidLeaveLedger(t.db, mori, '2027-09-30');
    expect(before.grants.map((g) => [g.granted_on, g.used_days, g.remaining_days])).toEqual([
      ['2025-10-01', 16, 0],
    ]);
    const after = await loadPaidLeaveLedger(t.db, mori, '2027-10-01');
    expect(after.grants.map((g) => [g.granted_on, g.used_days, g.remaining_days])).toEqual([
      ['2027-10-01', 1, 19],
    ]);
    expect(after.unallocated_days).toBe(0);

    // The history /vacations shows cuts it at the 基準日 too.
    const res = await request(t.app)
      .get('/api/vacations/year/2027/')
      .set(await tokens(t)('mori'));
    expect(res.status).toBe(200);
    const across = (res.body as TVacation[]).find((v) => v.start_date === '2027-09-29');
    expect(across).toMatchObject({
      days: 3,
      parts: [
        { start_date: '2027-09-29', end_date: '2027-09-30', days: 2 },
        { start_date: '2027-10-01', end_date: '2027-10-01', days: 1 },
      ],
    });
    const whole = (res.body as TVacation[]).find((v) => v.start_date === '2027-03-01');
    expect(whole).not.toHaveProperty('parts');
  });
});
