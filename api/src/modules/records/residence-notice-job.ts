// The residence card notices (issue 13): 90 and 30 days before an employee's residence card expires,
// the employee and HR (holders of employee.view_employee) are told in the bell. A run sends, for each
// active employee whose card expires within 90 days and has not expired, the notice of the nearest
// threshold reached (an employee first seen 20 days before gets the 30-day notice only). The unique
// (employee_id, threshold_days, expiry) of residence_expiry_notices makes it idempotent: however many
// times it runs, on however many replicas, each employee gets one notice per threshold and expiry
// date; a renewed card (a new expiry) starts afresh. The API runs it at start and every hour.
import { and, eq, gte, isNotNull, lte } from 'drizzle-orm';
import { RESIDENCE_ALERT_DAYS } from '@portal/shared/contracts/profile';
import type { Db } from '../../db/client.ts';
import { tokyoDate } from '../../dates.ts';
import { employees } from '../../db/schema/employees.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { residenceExpiryNotices } from '../../db/schema/records.ts';
import { users } from '../../db/schema/users.ts';
import type { Logger } from '../../logger.ts';
import { hrUserIds } from './record-changes.ts';
import { startPeriodicJob, type PeriodicJob } from '../../jobs/periodic-job.ts';

export const RESIDENCE_NOTICE_MSG = {
  title: '在留カードの有効期限が近づいています',
  toEmployee: (expiry: string, days: number) =>
    `在留カードの有効期限（${expiry}）まであと ${days} 日です。更新の手続きをしてください。`,
  toHr: (name: string, expiry: string, days: number) =>
    `${name} さんの在留カードの有効期限（${expiry}）まであと ${days} 日です。`,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The threshold whose notice is due `daysLeft` days before expiry: the smallest one reached. */
export function thresholdFor(daysLeft: number): number | null {
  if (daysLeft < 0) return null;
  const reached = RESIDENCE_ALERT_DAYS.filter((t) => daysLeft <= t);
  return reached.length ? Math.min(...reached) : null;
}

/** Sends the notices due on `today` (YYYY-MM-DD, Tokyo) not sent yet; answers how many employees. */
export async function runResidenceNotices(db: Db, today: string = tokyoDate()): Promise<number> {
  const horizon = addDays(today, Math.max(...RESIDENCE_ALERT_DAYS));
  const due = await db
    .select({
      id: employees.id,
      userId: users.id,
      lastName: employees.lastName,
      firstName: employees.firstName,
      expiry: employees.residenceExpiry,
    })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(
      and(
        eq(users.isActive, true),
        isNotNull(employees.residenceExpiry),
        gte(employees.residenceExpiry, today),
        lte(employees.residenceExpiry, horizon),
      ),
    );
  let sent = 0;
  for (const person of due) {
    const expiry = person.expiry!;
    const days = daysBetween(today, expiry);
    const threshold = thresholdFor(days);
    if (threshold === null) continue;
    const told = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(residenceExpiryNotices)
        .values({ employeeId: person.id, thresholdDays: threshold, expiry })
        .onConflictDoNothing()
        .returning({ id: residenceExpiryNotices.id });
      if (!claimed) return false;
      const name = `${person.lastName} ${person.firstName}`;
      const hr = (await hrUserIds(tx)).filter((id) => id !== person.userId);
      await tx.insert(notifications).values([
        {
          userId: person.userId,
          title: RESIDENCE_NOTICE_MSG.title,
          content: RESIDENCE_NOTICE_MSG.toEmployee(expiry, days),
          forward: '/profile',
        },
        ...hr.map((userId) => ({
          userId,
          title: RESIDENCE_NOTICE_MSG.title,
          content: RESIDENCE_NOTICE_MSG.toHr(name, expiry, days),
          forward: `/profile?employee=${person.id}`,
        })),
      ]);
      return true;
    });
    if (told) sent++;
  }
  return sent;
}

const EVERY_MS = 60 * 60 * 1000;

/** Runs the notices now and then every hour (a missed day is caught up); stop() ends the timer. */
export function startResidenceNoticeJob(options: { db: Db; logger: Logger; everyMs?: number }): PeriodicJob {
  return startPeriodicJob({
    name: 'residence-notices',
    db: options.db,
    logger: options.logger,
    everyMs: options.everyMs ?? EVERY_MS,
    run: () => runResidenceNotices(options.db),
    done: (sent) => [{ sent }, 'residence card notices sent'],
    failed: 'residence card notices failed',
  });
}
