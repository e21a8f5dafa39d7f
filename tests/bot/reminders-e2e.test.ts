// Acceptance 2 end to end, with a fixed clock: a reminder tick goes through the API (who has not
// submitted the month), Redis and two bot replicas to the fake Lark, and exactly the employees without
// a submitted month get one message each — even when the tick reaches the queue twice.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZBotUnsubmittedAttendance } from '@portal/shared/contracts/bot-reminders';
import { attendanceVersions } from '../../api/src/db/schema/attendance.ts';
import { employees } from '../../api/src/db/schema/employees.ts';
import { tasks } from '../../api/src/db/schema/tasks.ts';
import { users } from '../../api/src/db/schema/users.ts';
import { workflows } from '../../api/src/db/schema/workflows.ts';
import { startBot, type RunningBot } from '../../bot/src/bot.ts';
import { loadConfig } from '../../bot/src/config/bot-config.ts';
import { createLogger } from '../../bot/src/logger.ts';
import { REMINDER_SCHEDULERS } from '../../bot/src/reminders/schedulers.ts';
import { drained } from './support/drained.ts';
import { SERVICE_TOKEN, openIdOf, startHarness, type Harness } from './support/harness.ts';

let h: Harness;
let replica: RunningBot;
let attendanceWorkflowId: number;

/** A 勤怠報告 of April 2026 in `status`, as submitting it leaves one. */
async function reportApril(username: string, status: '01' | '02' | '90') {
  const [person] = await h.db
    .select({ userId: users.id, employeeId: employees.id })
    .from(users)
    .innerJoin(employees, eq(employees.userId, users.id))
    .where(eq(users.username, username));
  const [task] = await h.db
    .insert(tasks)
    .values({
      workflowId: attendanceWorkflowId,
      applicantId: person!.userId,
      employeeId: person!.employeeId,
      status,
    })
    .returning({ id: tasks.id });
  await h.db.insert(attendanceVersions).values({
    taskId: task!.id,
    version: 1,
    employeeId: person!.employeeId,
    year: 2026,
    month: 4,
    data: {} as never,
    result: {} as never,
  });
}

beforeAll(async () => {
  // No cron in tests: the ticks below are added with a fixed time.
  h = await startHarness({ botEnv: { ATTENDANCE_REMINDERS: 'off' } });
  // A second replica on the same queues.
  replica = await startBot({ config: loadConfig(h.botEnv), logger: createLogger('silent') });
  const [workflow] = await h.db
    .select({ id: workflows.id })
    .from(workflows)
    .where(and(eq(workflows.kind, 'attendance'), eq(workflows.isActive, true)));
  attendanceWorkflowId = workflow!.id;
  // The demo seed approves last month's report of one employee: April starts from a clean slate.
  const seeded = h.db
    .select({ id: attendanceVersions.taskId })
    .from(attendanceVersions)
    .where(and(eq(attendanceVersions.year, 2026), eq(attendanceVersions.month, 4)));
  await h.db.delete(tasks).where(inArray(tasks.id, seeded));
  // Of the Lark users: yamada has submitted April, takahashi's is approved, sato's was sent back.
  await reportApril('yamada', '01');
  await reportApril('takahashi', '90');
  await reportApril('sato', '02');
});
afterAll(async () => {
  await replica?.close();
  await h?.close();
});

/** A tick as the scheduler queues it, meant for `at` (the clock the handler reads). */
async function tick(kind: 'month_end' | 'next_month', at: string, jobId: string) {
  await h.queues.events.add(
    'attendance.remind',
    { key: REMINDER_SCHEDULERS[kind], payload: { kind } },
    { jobId, timestamp: Date.parse(at) },
  );
}

async function owedApril() {
  const res = await fetch(`${h.apiUrl}/api/bot/attendance/unsubmitted/2026/4/`, {
    headers: { authorization: `Service ${SERVICE_TOKEN}` },
  });
  return ZBotUnsubmittedAttendance.parse(await res.json());
}

const OWING_LARK_USERS = ['suzuki', 'sato', 'tanaka', 'hr'].map(openIdOf).sort();

describe('attendance reminders through Redis to Lark', () => {
  it('the month-end tick messages every employee with a Lark user who owes April, once', async () => {
    // 4/28 is the business day before April's last (4/29 昭和の日, 4/30): the same tick twice.
    await tick('month_end', '2026-04-28T10:00:00+09:00', 'tick-0428-a');
    await tick('month_end', '2026-04-28T10:00:00+09:00', 'tick-0428-b');
    await drained(h);

    const reachable = (await owedApril()).employees.flatMap((e) => (e.open_id ? [e.open_id] : []));
    expect(reachable.sort()).toEqual(OWING_LARK_USERS);
    expect(h.lark.messages.map((m) => m.receive_id).sort()).toEqual(OWING_LARK_USERS);

    const toSato = h.lark.messages.find((m) => m.receive_id === openIdOf('sato'))!;
    expect(toSato.msg_type).toBe('interactive');
    expect(toSato.uuid).toMatch(/^att:\d+:202604:20260428$/);
    const card = JSON.stringify(toSato.content);
    expect(card).toContain('2026年4月の勤怠がまだ提出されていません。');
    expect(card).toContain('最終営業日の4月30日（木）までに入力して提出してください。');
    const button = card.match(/"default_url":"([^"]+)"/)?.[1] ?? '';
    expect(decodeURIComponent(button)).toContain(
      `https://portal.example.test/task/workflows/${attendanceWorkflowId}/create?month=2026-04`,
    );
  });

  it('sends nothing on other days, and reminds again on the next month’s first business day', async () => {
    const before = h.lark.messages.length;
    await tick('month_end', '2026-04-30T10:00:00+09:00', 'tick-0430');
    await tick('next_month', '2026-05-04T10:00:00+09:00', 'tick-0504'); // みどりの日
    await drained(h);
    expect(h.lark.messages.length).toBe(before);

    await tick('next_month', '2026-05-01T10:00:00+09:00', 'tick-0501');
    await drained(h);
    const late = h.lark.messages.slice(before);
    expect(late.map((m) => m.receive_id).sort()).toEqual(OWING_LARK_USERS);
    expect(late.every((m) => m.uuid?.endsWith(':202604:20260501'))).toBe(true);
    expect(JSON.stringify(late[0]?.content)).toContain('至急入力して提出してください。');
  });
});
