// Scenario 1, the month-end surge: each employee submits the month as the web does it (sign in, open
// the month's form, submit it with the default input), the employees' starts spread evenly at a set
// rate, each request going to the next API replica in turn (a round-robin load balancer). Then the
// checks: one 勤怠報告 per submission, and each first approver's card at Lark exactly once.
import { sql } from 'drizzle-orm';
import type { Db } from '../../../api/src/db/client.ts';
import { applyDefaultInput } from '../../../shared/src/attendance/form-rules.ts';
import type { TAttendanceMonth } from '../../../shared/src/contracts/attendance.ts';
import type { FakeLark } from '../../support/fakes/fake-lark.ts';
import { cpuSeconds, percentile } from './figures.ts';

const ATTENDANCE_WORKFLOW_ID = 2;
const PASSWORD = 'demo1234';

/** The body the entry form sends with 「標準の勤怠を入力」 ticked on the in-house tab. */
function defaultMonthBody(month: TAttendanceMonth) {
  const form = applyDefaultInput(
    { year: month.year, month: month.month, first: month.first.days, second: month.second.days },
    'first',
    month.calendar,
    month.contract.first,
  );
  return {
    year: month.year,
    month: month.month,
    first: { settings: month.first.settings, days: form.first },
    second: { settings: month.second.settings, days: month.second.days },
    remark: month.remark,
    default_input: true,
  };
}

type Step = 'sign-in' | 'form' | 'submit';

/** One request of a step: its parsed answer, or null when it failed (the caller counts why). */
type Call = (step: Step, path: string, init: RequestInit, expected: number) => Promise<unknown>;

const JSON_TYPE = { 'Content-Type': 'application/json' };

/** One employee's month as the web submits it: sign in, open the month's form, submit it. */
async function submitMonth(call: Call, username: string, year: number, month: number): Promise<boolean> {
  const session = (await call(
    'sign-in',
    '/api/token-auth/',
    { method: 'POST', headers: JSON_TYPE, body: JSON.stringify({ username, password: PASSWORD }) },
    200,
  )) as { access: string } | null;
  if (!session) return false;
  const auth = { Authorization: `JWT ${session.access}` };
  const form = (await call(
    'form',
    `/api/attendance/year/${year}/month/${month}/`,
    { headers: auth },
    200,
  )) as TAttendanceMonth | null;
  if (!form) return false;
  const done = await call(
    'submit',
    `/api/task/workflows/${ATTENDANCE_WORKFLOW_ID}/form/`,
    { method: 'POST', headers: { ...auth, ...JSON_TYPE }, body: JSON.stringify(defaultMonthBody(form)) },
    201,
  );
  return done !== null;
}

export interface SubmissionCost {
  readonly employees: number;
  /** The API process's CPU per request of each step, in ms. */
  readonly cpuMs: Record<Step, number>;
  readonly failed: number;
}

/**
 * The API's CPU for each step of a submission, the employees one after another on an otherwise idle
 * process: what one submission costs, whatever the load. 1,000 ms over their sum is the most
 * submissions a second one process can serve.
 */
export async function submissionCost(options: {
  base: string;
  usernames: readonly string[];
  year: number;
  month: number;
  pid: number;
}): Promise<SubmissionCost> {
  const spent: Record<Step, number> = { 'sign-in': 0, form: 0, submit: 0 };
  let failed = 0;
  const call: Call = async (step, path, init, expected) => {
    const before = cpuSeconds(options.pid);
    try {
      const res = await fetch(`${options.base}${path}`, init);
      const text = await res.text();
      return res.status === expected ? (JSON.parse(text) as unknown) : null;
    } catch {
      return null; // counted as failed
    } finally {
      spent[step] += cpuSeconds(options.pid) - before;
    }
  };
  for (const username of options.usernames)
    if (!(await submitMonth(call, username, options.year, options.month))) failed++;
  const per = (step: Step) => (spent[step] * 1000) / Math.max(1, options.usernames.length);
  return {
    employees: options.usernames.length,
    cpuMs: { 'sign-in': per('sign-in'), form: per('form'), submit: per('submit') },
    failed,
  };
}

export interface SurgeFigures {
  readonly employees: number;
  readonly ratePerSecond: number;
  readonly seconds: number;
  readonly latency: Record<Step | 'all', { p50: number; p95: number; p99: number }>;
  /** Answers other than the expected, by step and status (or the network error). */
  readonly errors: Record<string, number>;
  readonly submitted: number;
  readonly startedAt: Date;
  /** The API processes' CPU over the run, per submission (its three requests and what follows). */
  readonly cpuMsPerSubmission: number;
}

export interface SurgeChecks {
  /** Employees with other than exactly one 勤怠報告 from the run. */
  readonly notOneTask: number;
  readonly cardsExpected: number;
  readonly cardsMissing: number;
  readonly cardsTwice: number;
  /** From the first submission to the last expected card's arrival at Lark. */
  readonly cardsSeconds: number;
}

export async function monthEndSurge(options: {
  bases: readonly string[];
  usernames: readonly string[];
  ratePerSecond: number;
  year: number;
  month: number;
  /** The API processes, whose CPU is counted. */
  pids: readonly number[];
}): Promise<SurgeFigures> {
  const { bases, usernames, ratePerSecond, year, month } = options;
  const cpu = () => options.pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  const cpuAtStart = cpu();
  const times: Record<Step, number[]> = { 'sign-in': [], form: [], submit: [] };
  const errors: Record<string, number> = {};
  let turn = 0;
  const call = async (step: Step, path: string, init: RequestInit, expected: number) => {
    const started = performance.now();
    try {
      const res = await fetch(`${bases[turn++ % bases.length]}${path}`, init);
      const text = await res.text();
      times[step].push(performance.now() - started);
      if (res.status !== expected) {
        errors[`${step} ${res.status}`] = (errors[`${step} ${res.status}`] ?? 0) + 1;
        return null;
      }
      return JSON.parse(text) as unknown;
    } catch (error) {
      const key = `${step} ${(error as Error).message}`;
      errors[key] = (errors[key] ?? 0) + 1;
      return null;
    }
  };
  let submitted = 0;
  const one = async (username: string) => {
    if (await submitMonth(call, username, year, month)) submitted++;
  };

  const startedAt = new Date();
  const started = performance.now();
  const running: Promise<void>[] = [];
  for (const [i, username] of usernames.entries()) {
    const due = started + (i * 1000) / ratePerSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    running.push(one(username));
  }
  await Promise.all(running);
  const seconds = (performance.now() - started) / 1000;
  const cpuMsPerSubmission = ((cpu() - cpuAtStart) * 1000) / Math.max(1, submitted);

  const all = [...times['sign-in'], ...times.form, ...times.submit];
  const summary = (values: number[]) => ({
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    p99: percentile(values, 99),
  });
  return {
    employees: usernames.length,
    ratePerSecond,
    seconds,
    latency: {
      'sign-in': summary(times['sign-in']),
      form: summary(times.form),
      submit: summary(times.submit),
      all: summary(all),
    },
    errors,
    submitted,
    startedAt,
    cpuMsPerSubmission,
  };
}

/**
 * The run's 勤怠報告 (one per employee) and the first approvers' cards (one message per awaiting node
 * and approver, keyed c<node>-<user>-…), waiting for cards still on their way at Lark's pace.
 */
export async function checkSurge(
  db: Db,
  lark: FakeLark,
  {
    startedAt,
    usernames,
    cardsStillComing = true,
  }: {
    startedAt: Date;
    usernames: readonly string[];
    /** False once the processes that would send them have stopped: no waiting. */
    cardsStillComing?: boolean;
  },
): Promise<SurgeChecks> {
  const rows = (await db.execute(sql`
    select u.username, count(t.id)::int as tasks from users u
    left join tasks t on t.applicant_id = u.id and t.workflow_id = ${ATTENDANCE_WORKFLOW_ID}
      and t.created_at >= ${startedAt.toISOString()}::timestamptz
    where u.username = any(${`{${usernames.join(',')}}`}::text[])
    group by u.username`)) as unknown as { rows: { username: string; tasks: number }[] };
  const notOneTask = rows.rows.filter((r) => r.tasks !== 1).length;

  const awaiting = (await db.execute(sql`
    select w.task_node_id, w.user_id from task_awaiting w join tasks t on t.id = w.task_id
    where t.workflow_id = ${ATTENDANCE_WORKFLOW_ID} and t.created_at >= ${startedAt.toISOString()}::timestamptz`)) as unknown as {
    rows: { task_node_id: number; user_id: number }[];
  };
  const expected = awaiting.rows.map((r) => `c${r.task_node_id}-${r.user_id}-`);
  const expectedSet = new Set(expected);
  const prefixOf = (uuid: string | null) => (uuid ? uuid.slice(0, uuid.lastIndexOf('-') + 1) : '');
  const countCards = () => {
    const counts = new Map<string, number>();
    for (const m of lark.messages) {
      const p = prefixOf(m.uuid);
      counts.set(p, (counts.get(p) ?? 0) + 1);
    }
    return counts;
  };
  const deadline = cardsStillComing ? Date.now() + (expected.length / 40) * 1000 + 120_000 : 0;
  let counts = countCards();
  while (expected.some((p) => !counts.has(p)) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 1000));
    counts = countCards();
  }
  const cardArrivals = lark.messages.filter((m) => expectedSet.has(prefixOf(m.uuid))).map((m) => m.at);
  return {
    notOneTask,
    cardsExpected: expected.length,
    cardsMissing: expected.filter((p) => !counts.has(p)).length,
    cardsTwice: expected.filter((p) => (counts.get(p) ?? 0) > 1).length,
    cardsSeconds: cardArrivals.length ? (Math.max(...cardArrivals) - startedAt.getTime()) / 1000 : NaN,
  };
}

/** An approver's card (c<node>-<user>-<round>), not the reminders and notices the bot also sends. */
const isCard = (uuid: string | null) => uuid !== null && /^c\d+-\d+-[0-9a-z]+$/.test(uuid);

/**
 * Resolves once the bots' queues hold no job and Lark got no message for `quietMs` (or after
 * `timeoutMs`): the start-up's reminders (a first start on a company's data owes many, written in
 * batches) are all sent, and the bots and the API that serve them are idle. A month-end surge does
 * not meet a first start.
 */
export async function botsIdle(
  lark: FakeLark,
  pending: () => Promise<number>,
  quietMs = 5_000,
  timeoutMs = 1_800_000,
) {
  const started = Date.now();
  let seen = lark.messages.length;
  let since = Date.now();
  while (Date.now() - started < timeoutMs) {
    await new Promise((r) => setTimeout(r, 1_000));
    if (lark.messages.length !== seen) {
      seen = lark.messages.length;
      since = Date.now();
    } else if (Date.now() - since >= quietMs && (await pending()) === 0) break;
  }
  return { seconds: (Date.now() - started) / 1000, messages: seen };
}

/**
 * Resolves once Lark holds at least `count` approver cards and no card came for `quietMs` (or after
 * `timeoutMs`): every submission owes its first approver one.
 */
export async function cardsSettled(lark: FakeLark, count: number, quietMs = 10_000, timeoutMs = 900_000) {
  const deadline = Date.now() + timeoutMs;
  let seen = -1;
  let since = Date.now();
  while (Date.now() < deadline) {
    const cards = lark.messages.filter((m) => isCard(m.uuid)).length;
    if (cards !== seen) {
      seen = cards;
      since = Date.now();
    } else if (seen >= count && Date.now() - since >= quietMs) return;
    await new Promise((r) => setTimeout(r, 1000));
  }
}
