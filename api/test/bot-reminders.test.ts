// The bot's attendance-reminder routes: a month's business days by the company calendar, and who has
// not submitted a month (with their Lark user and the form to open). Service credential only.
import { and, eq, inArray } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDays } from '@portal/shared/calendar/business-days';
import { ZBotBusinessDays, ZBotUnsubmittedAttendance } from '@portal/shared/contracts/bot-reminders';
import { attendanceVersions } from '../src/db/schema/attendance.ts';
import { companyDaysOff } from '../src/db/schema/calendar.ts';
import { contracts, employees } from '../src/db/schema/employees.ts';
import { larkBindings } from '../src/db/schema/lark.ts';
import { tasks } from '../src/db/schema/tasks.ts';
import { users } from '../src/db/schema/users.ts';
import { workflows } from '../src/db/schema/workflows.ts';
import { createTestContext, type TestContext } from './support/test-context.ts';
import { testConfig } from './support/test-config.ts';

const SERVICE_TOKEN = 'reminder-routes-test-service-token-0123456789';
const service = { Authorization: `Service ${SERVICE_TOKEN}` };

let t: TestContext;
let attendanceWorkflowId: number;
const ids = new Map<string, { userId: number; employeeId: number; code: string }>();

beforeAll(async () => {
  t = await createTestContext({ config: { bot: { ...testConfig().bot, serviceToken: SERVICE_TOKEN } } });
  const rows = await t.db
    .select({ username: users.username, userId: users.id, employeeId: employees.id, code: employees.code })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId));
  for (const r of rows) ids.set(r.username, r);
  const [workflow] = await t.db
    .select({ id: workflows.id })
    .from(workflows)
    .where(eq(workflows.kind, 'attendance'));
  attendanceWorkflowId = workflow!.id;
  // The demo seed approves last month's report of one employee: start April 2026 from a clean slate,
  // whatever day the seed ran.
  const seeded = t.db
    .select({ id: attendanceVersions.taskId })
    .from(attendanceVersions)
    .where(and(eq(attendanceVersions.year, 2026), eq(attendanceVersions.month, 4)));
  await t.db.delete(tasks).where(inArray(tasks.id, seeded));
});
afterAll(() => t?.close());

const who = (username: string) => {
  const found = ids.get(username);
  if (!found) throw new Error(`no demo employee ${username}`);
  return found;
};

/** A 勤怠報告 of April 2026 in `status` (01 申請中, 02 差戻し, 90 完了, 10 却下). */
async function reportApril(username: string, status: '01' | '02' | '90' | '10') {
  const { userId, employeeId } = who(username);
  const [task] = await t.db
    .insert(tasks)
    .values({ workflowId: attendanceWorkflowId, applicantId: userId, employeeId, status })
    .returning({ id: tasks.id });
  await t.db.insert(attendanceVersions).values({
    taskId: task!.id,
    version: 1,
    employeeId,
    year: 2026,
    month: 4,
    data: {} as never,
    result: {} as never,
  });
}

describe('GET /api/bot/attendance/unsubmitted/{year}/{month}/', () => {
  it('lists exactly the employees who owe the month, with their Lark user and the form of that month', async () => {
    await reportApril('yamada', '01');
    await reportApril('suzuki', '90');
    await reportApril('sato', '02'); // sent back: still owes the month
    await reportApril('kato', '10'); // rejected: owes it again
    await t.db.insert(larkBindings).values([
      { userId: who('sato').userId, openId: 'ou_sato' },
      { userId: who('yamada').userId, openId: 'ou_yamada' },
    ]);
    await t.db.update(users).set({ isActive: false }).where(eq(users.username, 'ito'));

    const res = await request(t.app).get('/api/bot/attendance/unsubmitted/2026/4/').set(service);
    expect(res.status).toBe(200);
    const body = ZBotUnsubmittedAttendance.parse(res.body);

    // Expected: active accounts with a contract running in April 2026, less the submitted and approved.
    const running = await t.db
      .select({ employeeId: contracts.employeeId, start: contracts.startDate, end: contracts.endDate })
      .from(contracts)
      .where(
        inArray(
          contracts.employeeId,
          [...ids.values()].map((i) => i.employeeId),
        ),
      );
    const owing = [...ids.entries()]
      .filter(([username]) => !['yamada', 'suzuki', 'ito'].includes(username))
      .filter(([, i]) =>
        running.some(
          (c) =>
            c.employeeId === i.employeeId && c.start <= '2026-04-30' && (!c.end || c.end >= '2026-04-01'),
        ),
      )
      .map(([, i]) => i.code)
      .sort();
    expect(owing.length).toBeGreaterThan(10);
    expect(body.employees.map((e) => e.code)).toEqual(owing);

    expect(body).toMatchObject({
      year: 2026,
      month: 4,
      form_path: `/task/workflows/${attendanceWorkflowId}/create?month=2026-04`,
    });
    const sato = body.employees.find((e) => e.user_id === who('sato').userId);
    expect(sato).toEqual({
      user_id: who('sato').userId,
      code: who('sato').code,
      name: '佐藤 浩二',
      open_id: 'ou_sato',
      lookup_email: null,
    });
    // No Lark user: the address to look one up by instead.
    expect(body.employees.find((e) => e.user_id === who('kato').userId)).toMatchObject({
      open_id: null,
      lookup_email: 'kato@example.com',
    });
  });

  it('answers 404 for a path that names no month, and refuses anyone but the bot', async () => {
    for (const path of ['2026/13', '2026/0', '1999/4', 'x/4']) {
      expect(
        (await request(t.app).get(`/api/bot/attendance/unsubmitted/${path}/`).set(service)).status,
        path,
      ).toBe(404);
    }
    const { access } = await t.signIn('yamada');
    expect(
      (await request(t.app).get('/api/bot/attendance/unsubmitted/2026/4/').set(t.auth(access))).status,
    ).toBe(403);
    expect(
      (await request(t.app).get('/api/bot/business-days/2026/4/').set({ Authorization: 'Service nope' }))
        .status,
    ).toBe(401);
  });
});

describe('GET /api/bot/business-days/{year}/{month}/', () => {
  it("gives the month's business days by the company calendar (company days off included)", async () => {
    const before = ZBotBusinessDays.parse(
      (await request(t.app).get('/api/bot/business-days/2026/4/').set(service)).body,
    );
    expect(before.dates).toEqual(businessDays(2026, 4));
    expect(before.dates.at(-1)).toBe('2026-04-30');

    await t.db.insert(companyDaysOff).values({ date: '2026-04-30', name: '創立記念日' });
    const res = await request(t.app).get('/api/bot/business-days/2026/4/').set(service);
    expect(res.status).toBe(200);
    expect(res.body.dates.at(-1)).toBe('2026-04-28');
    expect(res.body.dates).not.toContain('2026-04-29'); // 昭和の日
  });
});
