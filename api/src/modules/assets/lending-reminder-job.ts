// The 返却期限 reminders (issue 31): 14 and 3 days before a lending's 返却期限 and on the day, its
// holder gets a bell and a Lark text. A run sends, for each lending not returned whose 返却期限 is
// within 14 days and not past, the reminder of the nearest threshold reached (a lending first seen 5
// days before gets the 3-day one only). The unique (lending, threshold, due date) of
// asset_lending_notices claims each reminder once, however often and on however many replicas it
// runs. The API runs it at start and every hour.
import { and, eq, gte, isNull, lte } from 'drizzle-orm';
import { LENDING_REMINDER_DAYS } from '@portal/shared/workflow/assets';
import type { Db } from '../../db/client.ts';
import { assetLendingNotices, assetLendings, assets, assetTypes } from '../../db/schema/assets.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { users } from '../../db/schema/users.ts';
import { tokyoDate } from '../../dates.ts';
import type { Logger } from '../../logger.ts';
import { queueLarkNotices } from '../records/record-changes.ts';
import { startPeriodicJob, type PeriodicJob } from '../../jobs/periodic-job.ts';

export const LENDING_REMINDER_MSG = {
  title: '資材の返却期限が近づいています',
  before: (type: string, code: string, due: string, days: number) =>
    `貸出中の${type}（管理番号 ${code}）の返却期限（${due}）まであと ${days} 日です。返却の準備をしてください。`,
  today: (type: string, code: string, due: string) =>
    `貸出中の${type}（管理番号 ${code}）の返却期限は本日（${due}）です。返却してください。`,
} as const;

const DAY_MS = 86_400_000;

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The threshold whose reminder is due `daysLeft` days before: the smallest one reached. */
export function lendingThresholdFor(daysLeft: number): number | null {
  if (daysLeft < 0) return null;
  const reached = LENDING_REMINDER_DAYS.filter((t) => daysLeft <= t);
  return reached.length ? Math.min(...reached) : null;
}

/** Sends the reminders due on `today` (YYYY-MM-DD, Tokyo) not sent yet; answers how many. */
export async function runLendingReminders(db: Db, today: string = tokyoDate()): Promise<number> {
  const last = new Date(Date.parse(`${today}T00:00:00Z`) + Math.max(...LENDING_REMINDER_DAYS) * DAY_MS)
    .toISOString()
    .slice(0, 10);
  const due = await db
    .select({
      id: assetLendings.id,
      userId: assetLendings.userId,
      dueOn: assetLendings.dueOn,
      code: assets.assetId,
      type: assetTypes.name,
    })
    .from(assetLendings)
    .innerJoin(assets, eq(assets.id, assetLendings.assetId))
    .innerJoin(assetTypes, eq(assetTypes.id, assets.assetTypeId))
    .innerJoin(users, eq(users.id, assetLendings.userId))
    .where(
      and(
        isNull(assetLendings.returnedOn),
        eq(users.isActive, true),
        gte(assetLendings.dueOn, today),
        lte(assetLendings.dueOn, last),
      ),
    );
  let sent = 0;
  for (const lending of due) {
    const dueOn = lending.dueOn!;
    const days = daysBetween(today, dueOn);
    const threshold = lendingThresholdFor(days);
    if (threshold === null) continue;
    const told = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(assetLendingNotices)
        .values({ lendingId: lending.id, thresholdDays: threshold, dueOn })
        .onConflictDoNothing()
        .returning({ id: assetLendingNotices.id });
      if (!claimed) return false;
      const text =
        days === 0
          ? LENDING_REMINDER_MSG.today(lending.type, lending.code, dueOn)
          : LENDING_REMINDER_MSG.before(lending.type, lending.code, dueOn, days);
      await tx.insert(notifications).values({
        userId: lending.userId,
        title: LENDING_REMINDER_MSG.title,
        content: text,
        forward: '/assets',
      });
      await queueLarkNotices(tx, [
        { userId: lending.userId, text, key: `asset-reminder:${lending.id}:${threshold}:${dueOn}` },
      ]);
      return true;
    });
    if (told) sent++;
  }
  return sent;
}

const EVERY_MS = 60 * 60 * 1000;

/** Runs the reminders now and then every hour (a missed day is caught up); stop() ends the timer. */
export function startLendingReminderJob(options: { db: Db; logger: Logger; everyMs?: number }): PeriodicJob {
  return startPeriodicJob({
    name: 'asset-return-reminders',
    db: options.db,
    logger: options.logger,
    everyMs: options.everyMs ?? EVERY_MS,
    run: () => runLendingReminders(options.db),
    done: (sent) => [{ sent }, 'asset return reminders sent'],
    failed: 'asset return reminders failed',
  });
}
