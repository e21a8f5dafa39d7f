// The statutory paid-leave grants (shared/paid-leave/schedule.ts), made for every employee with a join
// date whose grant date has come: the grants still valid on `today` that are not there yet, each judged
// on the 80 % condition of its own period (shared/paid-leave/attendance-rate.ts). The decision, granted
// or not, is recorded with the rate and the reason (paid_leave_grant_decisions). The unique
// (employee_id, granted_on) constraints make a run idempotent: however many times it runs, on however
// many replicas, each employee gets one decision and at most one grant per grant date. An employee
// whose last contract ended before a grant date gets no grant on it. The API runs it at start and every
// hour (startGrantJob).
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { businessDays } from '@portal/shared/calendar/business-days';
import { grantPeriod, judgeGrant, type TGrantJudgement } from '@portal/shared/paid-leave/attendance-rate';
import { grantsDue } from '@portal/shared/paid-leave/schedule';
import type { Db } from '../../db/client.ts';
import { contracts, employees } from '../../db/schema/employees.ts';
import { positions } from '../../db/schema/organizations.ts';
import { paidLeaveGrantDecisions, paidLeaveGrants } from '../../db/schema/vacations.ts';
import { loadCalendarSettings } from '../calendar/calendar.repository.ts';
import { loadDayKinds } from './day-kinds.ts';
import { tokyoDate } from '../../dates.ts';
import type { Logger } from '../../logger.ts';
import { startPeriodicJob, type PeriodicJob } from '../../jobs/periodic-job.ts';

/**
 * The weekly working days paid leave is granted on: a position that is not part-time counts as full
 * time; part-time positions count their weekly_work_days (unset: full time); the most days win.
 */
export function weeklyDaysOfPositions(
  rows: readonly { isPartTime: boolean; weeklyWorkDays: number | null }[],
): number {
  if (rows.length === 0) return 5;
  return Math.max(...rows.map((r) => (r.isPartTime ? (r.weeklyWorkDays ?? 5) : 5)));
}

/** Weekly working days by employee id (employees without positions are not in the map: full time). */
export async function weeklyDaysByEmployee(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .select({
      employeeId: positions.employeeId,
      isPartTime: positions.isPartTime,
      weeklyWorkDays: positions.weeklyWorkDays,
    })
    .from(positions);
  const grouped = new Map<number, typeof rows>();
  for (const row of rows) grouped.set(row.employeeId, [...(grouped.get(row.employeeId) ?? []), row]);
  return new Map([...grouped].map(([id, list]) => [id, weeklyDaysOfPositions(list)]));
}

/**
 * Grants judged and written together: the first run on a large company judges everyone, and their
 * attendance over a year is read a batch at a time, not all at once (memory, and a transaction that
 * holds the embedded database's one connection for seconds).
 */
const JUDGED_AT_ONCE = 500;

/**
 * Grants due on `today` (YYYY-MM-DD, Tokyo) that were missing, for everyone or for `employeeIds`;
 * answers how many were added.
 */
export async function runPaidLeaveGrants(
  db: Db,
  today: string = tokyoDate(),
  employeeIds?: readonly number[],
  { judgedAtOnce = JUDGED_AT_ONCE }: { judgedAtOnce?: number } = {},
): Promise<number> {
  const people = await db
    .select({ id: employees.id, joinDate: employees.joinDate })
    .from(employees)
    .where(
      and(isNotNull(employees.joinDate), employeeIds ? inArray(employees.id, [...employeeIds]) : undefined),
    );
  const weekly = await weeklyDaysByEmployee(db);
  const contractRows = await db
    .select({ employeeId: contracts.employeeId, startDate: contracts.startDate, endDate: contracts.endDate })
    .from(contracts);
  /** The end of the latest contract; null when it runs without an end (or there is none). */
  const lastEnd = new Map<number, string | null>();
  const latestStart = new Map<number, string>();
  for (const c of contractRows) {
    if ((latestStart.get(c.employeeId) ?? '') > c.startDate) continue;
    latestStart.set(c.employeeId, c.startDate);
    lastEnd.set(c.employeeId, c.endDate);
  }
  const due = people.flatMap((person) =>
    grantsDue(person.joinDate!, weekly.get(person.id) ?? 5, today)
      .filter((g) => {
        const end = lastEnd.get(person.id);
        return end === undefined || end === null || end >= g.granted_on;
      })
      .map((g) => ({ person, step: g.step, grantedOn: g.granted_on })),
  );
  if (due.length === 0) return 0;
  // Dates with a grant (made before the 80 % condition, by hand or by an earlier run) and dates judged
  // below 80 % are settled; a granted date whose grant was deleted is judged again.
  const ids = [...new Set(due.map((d) => d.person.id))];
  const settled = new Set<string>();
  const grantRows = await db
    .select({ employeeId: paidLeaveGrants.employeeId, grantedOn: paidLeaveGrants.grantedOn })
    .from(paidLeaveGrants)
    .where(inArray(paidLeaveGrants.employeeId, ids));
  const refusedRows = await db
    .select({ employeeId: paidLeaveGrantDecisions.employeeId, grantedOn: paidLeaveGrantDecisions.grantedOn })
    .from(paidLeaveGrantDecisions)
    .where(and(inArray(paidLeaveGrantDecisions.employeeId, ids), eq(paidLeaveGrantDecisions.granted, false)));
  for (const r of [...grantRows, ...refusedRows]) settled.add(`${r.employeeId}:${r.grantedOn}`);
  const pending = due
    .map((d) => ({ ...d, period: grantPeriod(d.person.joinDate!, d.step) }))
    .filter((d) => !settled.has(`${d.person.id}:${d.grantedOn}`));
  if (pending.length === 0) return 0;
  let added = 0;
  for (let i = 0; i < pending.length; i += judgedAtOnce)
    added += await judgeAndRecord(db, pending.slice(i, i + judgedAtOnce), weekly);
  return added;
}

type Pending = {
  readonly person: { readonly id: number; readonly joinDate: string | null };
  readonly step: number;
  readonly period: { readonly from: string; readonly to: string };
};

async function judgeAndRecord(db: Db, pending: readonly Pending[], weekly: ReadonlyMap<number, number>) {
  const from = pending.reduce(
    (min, d) => (d.period.from < min ? d.period.from : min),
    pending[0]!.period.from,
  );
  const to = pending.reduce((max, d) => (d.period.to > max ? d.period.to : max), pending[0]!.period.to);
  const settings = await loadCalendarSettings(db, { from, to });
  const workMonths = new Map<string, ReadonlySet<string>>();
  const isWorkDay = (date: string) => {
    const key = date.slice(0, 7);
    let set = workMonths.get(key);
    if (!set) {
      set = new Set(businessDays(Number(date.slice(0, 4)), Number(date.slice(5, 7)), settings));
      workMonths.set(key, set);
    }
    return set.has(date);
  };
  const kinds = await loadDayKinds(db, [...new Set(pending.map((d) => d.person.id))], from, to);
  const judged = pending.map((d) => ({
    employeeId: d.person.id,
    judgement: judgeGrant(d.person.joinDate!, d.step, weekly.get(d.person.id) ?? 5, {
      isWorkDay,
      kindOf: (date) => kinds.get(d.person.id)?.get(date),
    }),
  }));
  return db.transaction(async (tx) => {
    for (const { employeeId, judgement } of judged) {
      const row = decisionRow(employeeId, judgement);
      await tx
        .insert(paidLeaveGrantDecisions)
        .values(row)
        .onConflictDoUpdate({
          target: [paidLeaveGrantDecisions.employeeId, paidLeaveGrantDecisions.grantedOn],
          set: { ...row, decidedAt: sql`now()` },
        });
    }
    const grants = judged
      .filter(({ judgement }) => judgement.days > 0)
      .map(({ employeeId, judgement: { grant } }) => ({
        employeeId,
        grantedOn: grant.granted_on,
        expiresOn: grant.expires_on,
        days: grant.days,
        source: 'auto' as const,
      }));
    if (grants.length === 0) return 0;
    const added = await tx
      .insert(paidLeaveGrants)
      .values(grants)
      .onConflictDoNothing({ target: [paidLeaveGrants.employeeId, paidLeaveGrants.grantedOn] })
      .returning({ id: paidLeaveGrants.id });
    return added.length;
  });
}

/** The reason recorded for a decision, in the words HR reads on the person's page. */
export function decisionReason(judgement: TGrantJudgement): string {
  const { rate } = judgement;
  if (rate.ratio === null) return '全労働日がないため付与（第39条第1項）';
  const figures = `出勤率 ${rate.ratio}%（出勤 ${rate.worked_days} 日／全労働日 ${rate.work_days} 日）`;
  return rate.qualifies
    ? `${figures}：8割以上のため ${judgement.grant.days} 日を付与（第39条第1項・第2項）`
    : `${figures}：8割未満のため付与なし（第39条第1項・第2項）`;
}

function decisionRow(employeeId: number, judgement: TGrantJudgement) {
  const { rate, grant } = judgement;
  return {
    employeeId,
    grantedOn: grant.granted_on,
    periodFrom: rate.from,
    periodTo: rate.to,
    workDays: rate.work_days,
    workedDays: rate.worked_days,
    unrecordedDays: rate.unrecorded_days,
    leftOutDays: rate.left_out_days,
    ratio: rate.ratio,
    granted: judgement.days > 0,
    days: judgement.days,
    reason: decisionReason(judgement),
  };
}

const EVERY_MS = 60 * 60 * 1000;

/** Runs the grants now and then every hour (a missed day is caught up); stop() ends the timer. */
export function startGrantJob(options: { db: Db; logger: Logger; everyMs?: number }): PeriodicJob {
  return startPeriodicJob({
    name: 'paid-leave-grants',
    db: options.db,
    logger: options.logger,
    everyMs: options.everyMs ?? EVERY_MS,
    run: () => runPaidLeaveGrants(options.db),
    done: (added) => [{ added }, 'paid leave granted'],
    failed: 'paid leave grants failed',
  });
}
