// Issue 35, the five-day obligation followed up (労働基準法 第39条第7項), on a fixed clock: 3 months and
// 1 month before the obligation year ends, while fewer than 5 days are taken or approved, the employee
// and their head get a bell and a Lark text, once per threshold however often the job runs; none once
// 5 days are taken or approved in advance. HR's at-risk list (GET paid-vacation/obligation/at-risk/)
// shows who is short, fewest days left first, with their head; anyone else gets 403.
import { eq, like, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TObligationAtRisk } from '@portal/shared/contracts/vacations';
import { addDays, addMonths } from '@portal/shared/paid-leave/schedule';
import { tokyoDate } from '../src/dates.ts';
import { employees } from '../src/db/schema/employees.ts';
import { notifications } from '../src/db/schema/notifications.ts';
import { outbox } from '../src/db/schema/outbox.ts';
import { users } from '../src/db/schema/users.ts';
import { paidLeaveGrants, paidLeaveObligationReminders, vacations } from '../src/db/schema/vacations.ts';
import {
  OBLIGATION_REMINDER_MSG,
  runObligationReminders,
} from '../src/modules/vacations/obligation-reminder-job.ts';
import { createTestContext, type TestContext } from './support/test-context.ts';
import { tokens, type As } from './support/workflow-fixtures.ts';

let t: TestContext;
let as: As;
const ids = new Map<string, { employee: number; user: number; name: string }>();

async function person(username: string) {
  const [row] = await t.db
    .select({ employee: employees.id, user: users.id, last: employees.lastName, first: employees.firstName })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(eq(users.username, username));
  ids.set(username, { employee: row!.employee, user: row!.user, name: `${row!.last} ${row!.first}` });
  return row!.employee;
}

/** One grant of 20 days on `grantedOn` and the paid leave given, for `username` alone. */
async function setLeave(username: string, grantedOn: string, leave: [string, string, number][]) {
  const employeeId = await person(username);
  await t.db.insert(paidLeaveGrants).values({
    employeeId,
    grantedOn,
    expiresOn: addMonths(grantedOn, 24),
    days: 20,
    source: 'auto',
  });
  for (const [startDate, endDate, days] of leave)
    await t.db.insert(vacations).values({ employeeId, category: '01', startDate, endDate, days });
}

async function reset() {
  await t.db.delete(paidLeaveObligationReminders);
  await t.db.delete(paidLeaveGrants);
  await t.db.delete(vacations).where(eq(vacations.category, '01'));
  await t.db.delete(notifications).where(eq(notifications.title, OBLIGATION_REMINDER_MSG.title));
}

/** The reminder bells as `username: content`, oldest first. */
async function bells(): Promise<string[]> {
  const rows = await t.db
    .select({ username: users.username, content: notifications.content })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(eq(notifications.title, OBLIGATION_REMINDER_MSG.title))
    .orderBy(notifications.id);
  return rows.map((r) => `${r.username}: ${r.content}`);
}

/** The Lark texts queued, as `user id: first line`. */
async function larkTexts(): Promise<string[]> {
  const rows = await t.db
    .select({ key: outbox.idempotencyKey, payload: outbox.payload })
    .from(outbox)
    .where(like(outbox.idempotencyKey, 'leave-obligation:%'))
    .orderBy(outbox.id);
  return rows.map((r) => {
    const p = r.payload as { user_id: number; text: string };
    return `${p.user_id}: ${p.text.split('\n')[1]}`;
  });
}

beforeAll(async () => {
  t = await createTestContext();
  as = tokens(t);
});
afterAll(() => t?.close());

describe('the obligation reminders on a fixed clock', () => {
  it('tells the employee and their head at 3 months and 1 month, once each, the job run twice', async () => {
    await reset();
    await t.db.execute(sql`delete from outbox where idempotency_key like 'leave-obligation:%'`);
    // The obligation year 2025-10-01 – 2026-09-30. yamada has taken 2 days; suzuki (head of 開発一課,
    // so his head is sato of 開発部) none; mori has 5 days approved in advance for August.
    await setLeave('yamada', '2025-10-01', [['2026-02-02', '2026-02-03', 2]]);
    await setLeave('suzuki', '2025-10-01', []);
    await setLeave('mori', '2025-10-01', [
      ['2026-03-02', '2026-03-02', 1],
      ['2026-08-03', '2026-08-06', 4],
    ]);
    for (const u of ['sato']) await person(u);
    const yamada = ids.get('yamada')!;
    const suzuki = ids.get('suzuki')!;

    expect(await runObligationReminders(t.db, '2026-06-30')).toBe(0);
    expect(await bells()).toEqual([]);

    // 3 months before the year ends, run twice.
    expect(await runObligationReminders(t.db, '2026-07-01')).toBe(2);
    expect(await runObligationReminders(t.db, '2026-07-01')).toBe(0);
    expect(await runObligationReminders(t.db, '2026-08-15')).toBe(0);
    const threeMonths = [
      `suzuki: ${OBLIGATION_REMINDER_MSG.toEmployee('2026-09-30', '3か月', 0)}`,
      `sato: ${OBLIGATION_REMINDER_MSG.toHead(suzuki.name, '2026-09-30', '3か月', 0)}`,
      `yamada: ${OBLIGATION_REMINDER_MSG.toEmployee('2026-09-30', '3か月', 2)}`,
      `suzuki: ${OBLIGATION_REMINDER_MSG.toHead(yamada.name, '2026-09-30', '3か月', 2)}`,
    ];
    expect([...(await bells())].sort()).toEqual([...threeMonths].sort());
    expect(await larkTexts()).toHaveLength(4);
    expect(await larkTexts()).toContain(
      `${yamada.user}: ${OBLIGATION_REMINDER_MSG.toEmployee('2026-09-30', '3か月', 2)}`,
    );
    expect(await larkTexts()).toContain(
      `${suzuki.user}: ${OBLIGATION_REMINDER_MSG.toHead(yamada.name, '2026-09-30', '3か月', 2)}`,
    );

    // 1 month before, run twice: the 1-month reminder, once.
    expect(await runObligationReminders(t.db, '2026-09-01')).toBe(2);
    expect(await runObligationReminders(t.db, '2026-09-01')).toBe(0);
    expect(await runObligationReminders(t.db, '2026-09-30')).toBe(0);
    expect(await bells()).toHaveLength(8);
    expect(await bells()).toContain(
      `yamada: ${OBLIGATION_REMINDER_MSG.toEmployee('2026-09-30', '1か月', 2)}`,
    );
    expect(await larkTexts()).toHaveLength(8);
    // mori, with 5 days approved in advance, heard nothing.
    expect((await bells()).filter((b) => b.startsWith('mori:'))).toEqual([]);
    // After the year ends, nothing more.
    expect(await runObligationReminders(t.db, '2026-10-01')).toBe(0);
  });

  it('sends none once 5 days are taken, and only the nearest threshold to one first seen late', async () => {
    await reset();
    await setLeave('yamada', '2025-10-01', [['2026-02-02', '2026-02-06', 5]]);
    await setLeave('suzuki', '2025-10-01', [['2026-02-02', '2026-02-03', 2]]);
    expect(await runObligationReminders(t.db, '2026-09-10')).toBe(1);
    const list = await bells();
    expect(list).toHaveLength(2);
    // First seen 9 days after the 1-month threshold: the days left, not a month.
    expect(list[0]).toBe(`suzuki: ${OBLIGATION_REMINDER_MSG.toEmployee('2026-09-30', '21日', 2)}`);
    expect(list[0]).toContain('（2026-09-30）まであと21日です。');
    expect(await runObligationReminders(t.db, '2026-09-20')).toBe(0);
  });

  it('sends none to one whose 5 days are approved in advance, dated after the reminder', async () => {
    await reset();
    await setLeave('yamada', '2025-10-01', [['2026-09-14', '2026-09-18', 5]]);
    expect(await runObligationReminders(t.db, '2026-07-01')).toBe(0);
    expect(await bells()).toHaveLength(0);
  });
});

describe('GET paid-vacation/obligation/at-risk/', () => {
  it('lists who is short, fewest days left first, with days taken and their head; 403 to others', async () => {
    await reset();
    const today = tokyoDate();
    // yamada's year ends in about a month, suzuki's in about eleven; mori has taken 5 days.
    const soon = addMonths(today, -11);
    const late = addMonths(today, -1);
    await setLeave('yamada', soon, [[soon, soon, 1]]);
    await setLeave('suzuki', late, []);
    await setLeave('mori', soon, [[soon, addDays(soon, 4), 5]]);
    const res = await request(t.app)
      .get('/api/paid-vacation/obligation/at-risk/')
      .set(await as('hr'));
    expect(res.status).toBe(200);
    const list = res.body as TObligationAtRisk[];
    expect(list.map((p) => p.employee_id)).toEqual([
      ids.get('yamada')!.employee,
      ids.get('suzuki')!.employee,
    ]);
    expect(list[0]).toMatchObject({
      name: ids.get('yamada')!.name,
      organization: '開発一課',
      head: ids.get('suzuki')!.name,
      granted_on: soon,
      deadline: addDays(addMonths(soon, 12), -1),
      required_days: 5,
      taken_days: 1,
      remaining_days: 19,
    });
    expect(list[0]!.days_left).toBeLessThan(list[1]!.days_left);
    expect(list[1]!.head).not.toBe(ids.get('suzuki')!.name);
    expect(list[0]).not.toHaveProperty('user_id');

    const refused = await request(t.app)
      .get('/api/paid-vacation/obligation/at-risk/')
      .set(await as('yamada'));
    expect(refused.status).toBe(403);
  });
});
