// Issue 34, retention by record class on a fixed clock (PGlite and PostgreSQL): records past their
// rule are deleted, those one day younger kept, those about an employee under a legal hold kept; the
// dry run deletes nothing and lists exactly what the real run then deletes; the deletion log is
// written. The clock: 2030-05-26 12:00 in Tokyo.
import { eq, inArray, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees } from '../src/db/schema/employees.ts';
import { notifications } from '../src/db/schema/notifications.ts';
import { accessLog, deletionLog, retentionHolds } from '../src/db/schema/privacy.ts';
import { tasks } from '../src/db/schema/tasks.ts';
import { users } from '../src/db/schema/users.ts';
import { jobLeases } from '../src/db/schema/jobs.ts';
import { retentionTurn, runRetention, type ClassResult } from '../src/modules/retention/run-retention.ts';
import { createTestContext, type TestContext } from './support/test-context.ts';
import { tokens, type As } from './support/workflow-fixtures.ts';
import { ATTENDANCE_WORKFLOW_ID, getMonth, upload, withDefaultInput } from './support/attendance-fixtures.ts';

const NOW = new Date('2030-05-26T03:00:00Z');
const DAY = 86_400_000;

let t: TestContext;
let as: As;
const the: Record<string, number> = {};

async function employeeOf(username: string) {
  const [row] = await t.db
    .select({ id: employees.id, userId: users.id })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(eq(users.username, username));
  return row!;
}

/** A 勤怠報告 of April 2025 (paid 2025-05-25), finished on `finished` (Tokyo). */
async function finishedReport(username: string, finished: string): Promise<number> {
  const month = await getMonth(t, as, username, 2025, 4);
  const res = await request(t.app)
    .post(`/api/task/workflows/${ATTENDANCE_WORKFLOW_ID}/form/`)
    .set(await as(username))
    .send({
      ...withDefaultInput(month),
      year: 2025,
      month: 4,
      work_time_file: upload('勤務表.pdf', Buffer.from('x')),
    });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await t.db
    .update(tasks)
    .set({ status: '90', finishedAt: new Date(`${finished}T12:00:00+09:00`) })
    .where(eq(tasks.id, res.body.id));
  return res.body.id as number;
}

async function logRow(at: string, subjects: number[]): Promise<number> {
  const [row] = await t.db
    .insert(accessLog)
    .values({ at: new Date(at), actorName: 'hr', action: 'view', kind: 'profile', subjects })
    .returning({ id: accessLog.id });
  return row!.id;
}

async function leaver(code: string, leftOn: string): Promise<number> {
  const [row] = await t.db
    .insert(employees)
    .values({ code, lastName: '退職', firstName: code, leftOn })
    .returning({ id: employees.id });
  return row!.id;
}

const idsOf = (results: ClassResult[], key: string) =>
  results.find((r) => r.key === key)!.rows.map((r) => Number(r.id));

let dry: ClassResult[];
let real: ClassResult[];

beforeAll(async () => {
  t = await createTestContext();
  as = tokens(t);
  const goto = await employeeOf('goto');
  // Attendance, 5 years from the later of 完結日 and 賃金支払期日 (2025-05-25).
  the.reportDue = await finishedReport('yamada', '2025-05-01'); // kept until 2030-05-25
  the.reportYounger = await finishedReport('kato', '2025-05-26'); // kept until 2030-05-26
  the.reportHeld = await finishedReport('goto', '2025-05-01');
  await t.db.insert(retentionHolds).values({ employeeId: goto.id, reason: '訴訟対応' });
  // The access log, 5 years.
  the.logDue = await logRow('2025-05-25T03:00:00Z', [(await employeeOf('suzuki')).id]);
  the.logYounger = await logRow('2025-05-26T03:00:00Z', [(await employeeOf('suzuki')).id]);
  the.logHeld = await logRow('2025-05-01T03:00:00Z', [(await employeeOf('suzuki')).id, goto.id]);
  // A leaver's master data, 5 years from 退職日.
  the.leaverDue = await leaver('R001', '2025-05-25');
  the.leaverYounger = await leaver('R002', '2025-05-26');
  // Read notifications, 90 days.
  const yamada = await employeeOf('yamada');
  const [readOld] = await t.db
    .insert(notifications)
    .values({
      userId: yamada.userId,
      title: '古い通知',
      isRead: true,
      createdAt: new Date(NOW.getTime() - 91 * DAY),
    })
    .returning({ id: notifications.id });
  const [readNew] = await t.db
    .insert(notifications)
    .values({
      userId: yamada.userId,
      title: '新しい通知',
      isRead: true,
      createdAt: new Date(NOW.getTime() - 89 * DAY),
    })
    .returning({ id: notifications.id });
  the.noticeDue = readOld!.id;
  the.noticeYounger = readNew!.id;

  const tasksBefore = await t.db.select({ id: tasks.id }).from(tasks);
  dry = await runRetention(t.db, { now: NOW, dryRun: true });
  expect(await t.db.select({ id: tasks.id }).from(tasks)).toEqual(tasksBefore);
  expect(await t.db.select().from(deletionLog)).toEqual([]);
  real = await runRetention(t.db, { now: NOW });
});
afterAll(() => t?.close());

describe('the retention job', () => {
  it('lists in the dry run exactly what the real run deletes, and the dry run deleted nothing', () => {
    expect(dry).toEqual(real);
    expect(real.flatMap((r) => r.rows).length).toBeGreaterThan(0);
  });

  it('deletes attendance reports past 5 years from the later of 完結日 and 賃金支払期日, keeps the younger and the held', async () => {
    expect(idsOf(real, 'attendance')).toContain(the.reportDue);
    expect(idsOf(real, 'attendance')).not.toContain(the.reportYounger);
    expect(idsOf(real, 'attendance')).not.toContain(the.reportHeld);
    const left = (
      await t.db
        .select({ id: tasks.id })
        .from(tasks)
        .where(inArray(tasks.id, [the.reportDue!, the.reportYounger!, the.reportHeld!]))
    ).map((r) => r.id);
    expect(left.sort()).toEqual([the.reportYounger, the.reportHeld].sort());
    const versions = await t.db.execute(
      sql`select count(*)::int as n from attendance_versions where task_id = ${the.reportDue}`,
    );
    expect((versions as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('deletes access log rows past 5 years, keeps the younger and those naming a held employee', async () => {
    const left = (await t.db.select({ id: accessLog.id }).from(accessLog)).map((r) => r.id);
    expect(left).not.toContain(the.logDue);
    expect(left).toContain(the.logYounger);
    expect(left).toContain(the.logHeld);
  });

  it('deletes a leaver’s master data 5 years after 退職日, and read notifications after 90 days', async () => {
    const left = (
      await t.db
        .select({ id: employees.id })
        .from(employees)
        .where(inArray(employees.id, [the.leaverDue!, the.leaverYounger!]))
    ).map((r) => r.id);
    expect(left).toEqual([the.leaverYounger]);
    const notices = (
      await t.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(inArray(notifications.id, [the.noticeDue!, the.noticeYounger!]))
    ).map((r) => r.id);
    expect(notices).toEqual([the.noticeYounger]);
  });

  it('writes one deletion log row per class it deleted from: rule, how many, whose, when', async () => {
    const log = await t.db.select().from(deletionLog).orderBy(deletionLog.id);
    const deleted = real.filter((r) => r.rows.length > 0);
    expect(log.map((l) => [l.recordClass, l.count])).toEqual(deleted.map((r) => [r.key, r.rows.length]));
    const attendance = log.find((l) => l.recordClass === 'attendance')!;
    expect(attendance.rule).toContain('労働基準法');
    expect(attendance.subjects).toContain((await employeeOf('yamada')).id);
    expect(attendance.subjects).not.toContain((await employeeOf('goto')).id);
    expect(attendance.at.toISOString()).toBe(NOW.toISOString());
  });

  it('finds nothing more to delete on a second run', async () => {
    const again = await runRetention(t.db, { now: NOW });
    expect(again.flatMap((r) => r.rows)).toEqual([]);
  });
});

describe('the nightly turn on several replicas', () => {
  /** A read notification past its 90 days, made due after the run above. */
  async function dueNotice(title: string): Promise<number> {
    const [row] = await t.db
      .insert(notifications)
      .values({
        userId: (await employeeOf('yamada')).userId,
        title,
        isRead: true,
        createdAt: new Date(NOW.getTime() - 91 * DAY),
      })
      .returning({ id: notifications.id });
    return row!.id;
  }
  const noticeIds = async (ids: number[]) =>
    (
      await t.db.select({ id: notifications.id }).from(notifications).where(inArray(notifications.id, ids))
    ).map((r) => r.id);
  const logRows = async () => (await t.db.select().from(deletionLog)).length;

  it('skips a turn while another process holds the lease, and runs once it is free', async () => {
    const id = await dueNotice('別のプロセスの実行中');
    const logBefore = await logRows();
    await t.db
      .insert(jobLeases)
      .values({ name: 'retention', holder: 'another-replica', until: new Date(Date.now() + 60_000) });
    expect(await retentionTurn(t.db, { now: NOW })).toBeUndefined();
    expect(await noticeIds([id])).toEqual([id]);
    expect(await logRows()).toBe(logBefore);

    await t.db.delete(jobLeases).where(eq(jobLeases.name, 'retention'));
    const results = await retentionTurn(t.db, { now: NOW });
    expect(idsOf(results!, 'read_notifications')).toEqual([id]);
    expect(await noticeIds([id])).toEqual([]);
    expect(await logRows()).toBe(logBefore + 1);
  });

  it('two turns at once: one deletes and logs, the other skips', async () => {
    const id = await dueNotice('同時の実行');
    const logBefore = await logRows();
    const turns = await Promise.all([retentionTurn(t.db, { now: NOW }), retentionTurn(t.db, { now: NOW })]);
    expect(turns.filter((r) => r === undefined)).toHaveLength(1);
    expect(
      idsOf(
        turns.find((r) => r !== undefined)!,
        'read_notifications',
      ),
    ).toEqual([id]);
    const log = await t.db.select().from(deletionLog).orderBy(deletionLog.id);
    expect(log).toHaveLength(logBefore + 1);
    expect(log.at(-1)).toMatchObject({ recordClass: 'read_notifications', count: 1 });
  });
});
