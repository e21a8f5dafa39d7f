// The statutory paid-leave grants (shared/paid-leave/schedule.ts), made for every employee with a join
// date whose grant date has come: the grants still valid on `today` that are not there yet. The unique
// (employee_id, granted_on) constraint makes a run idempotent: however many times it runs, on however
// many replicas, each employee gets one grant per grant date. An employee whose last contract ended
// before a grant date gets no grant on it. The API runs it at start and every hour (startGrantJob).
import { and, inArray, isNotNull } from 'drizzle-orm';
import { grantsDue } from '@portal/shared/paid-leave/schedule';
import type { Db } from '../../db/client.ts';
import { contracts, employees } from '../../db/schema/employees.ts';
import { positions } from '../../db/schema/organizations.ts';
import { paidLeaveGrants } from '../../db/schema/vacations.ts';
import { tokyoDate } from '../../dates.ts';
import type { Logger } from '../../logger.ts';

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
 * Grants due on `today` (YYYY-MM-DD, Tokyo) that were missing, for everyone or for `employeeIds`;
 * answers how many were added.
 */
export async function runPaidLeaveGrants(
  db: Db,
  today: string = tokyoDate(),
  employeeIds?: readonly number[],
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
  const rows = people.flatMap((person) =>
    grantsDue(person.joinDate!, weekly.get(person.id) ?? 5, today)
      .filter((g) => {
        const end = lastEnd.get(person.id);
        return end === undefined || end === null || end >= g.granted_on;
      })
      .map((g) => ({
        employeeId: person.id,
        grantedOn: g.granted_on,
        expiresOn: g.expires_on,
        days: g.days,
        source: 'auto' as const,
      })),
  );
  if (rows.length === 0) return 0;
  const added = await db
    .insert(paidLeaveGrants)
    .values(rows)
    .onConflictDoNothing({ target: [paidLeaveGrants.employeeId, paidLeaveGrants.grantedOn] })
    .returning({ id: paidLeaveGrants.id });
  return added.length;
}

const EVERY_MS = 60 * 60 * 1000;

/** Runs the grants now and then every hour (a missed day is caught up); stop() ends the timer. */
export function startGrantJob(options: { db: Db; logger: Logger; everyMs?: number }): {
  readonly firstRun: Promise<void>;
  stop(): void;
} {
  const run = () =>
    runPaidLeaveGrants(options.db)
      .then((added) => {
        if (added > 0) options.logger.info({ added }, 'paid leave granted');
      })
      .catch((error: unknown) => options.logger.error({ err: error }, 'paid leave grants failed'));
  const firstRun = run();
  const timer = setInterval(() => void run(), options.everyMs ?? EVERY_MS);
  timer.unref();
  return { firstRun, stop: () => clearInterval(timer) };
}
