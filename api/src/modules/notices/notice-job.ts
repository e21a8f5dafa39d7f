// Telling the audience of a 重要 notice (issue 30): once it is published (at once, or when its 公開開始
// comes), each member gets one bell and one Lark text. The title goes as text only: the bot sends
// records.lark_notice as a plain_text card (bot/src/cards/text-message.ts), so a title holding
// `<at user_id="all"></at>` or `[x](https://…)` mentions nobody and links nowhere. A run claims each due
// notice by setting its notified_at where it is still null, in the transaction that writes the bells
// (as records/residence-notice-job.ts claims by its unique key), so however many runs and replicas
// there are, a notice tells its audience once. The API runs it at start and every minute, and right
// after a console write that publishes at once.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { notifications } from '../../db/schema/notifications.ts';
import type { Logger } from '../../logger.ts';
import { queueLarkNotices } from '../records/record-changes.ts';
import { audienceUserIds } from './notice-audience.ts';
import { startPeriodicJob, type PeriodicJob } from '../../jobs/periodic-job.ts';

export const NOTICE_BELL_MSG = {
  title: '重要なお知らせ',
  remindTitle: 'お知らせをご確認ください',
  lark: (heading: string, title: string) =>
    `${heading}\n${title}\nポータルの「お知らせ」で確認してください。`,
} as const;

/** The page a notice opens on. */
export const noticePage = (id: number) => `/notices/${id}`;

/** A bell and a Lark text about the notice to each user; `key` makes each Lark row's idempotency key. */
export async function tellUsers(
  tx: Db,
  notice: { id: number; title: string },
  userIds: readonly number[],
  options: { heading: string; key: string },
): Promise<void> {
  for (let i = 0; i < userIds.length; i += 1000) {
    const part = userIds.slice(i, i + 1000);
    await tx.insert(notifications).values(
      part.map((userId) => ({
        userId,
        title: options.heading,
        content: notice.title,
        forward: noticePage(notice.id),
      })),
    );
  }
  await queueLarkNotices(
    tx,
    userIds.map((userId) => ({
      userId,
      text: NOTICE_BELL_MSG.lark(options.heading, notice.title),
      key: `${options.key}:${userId}`,
    })),
  );
}

/**
 * Claims the notice if it is 重要, published at `now` and not told yet, and tells its audience;
 * answers whether it did. Runs inside the caller's transaction.
 */
export async function tellIfDue(tx: Db, noticeId: number, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const [claimed] = await queryRows<{ id: number; title: string }>(
    tx,
    sql`update notices n set notified_at = ${at}::timestamptz
      where n.id = ${noticeId} and n.notified_at is null and n.importance = 'important' and not n.draft
        and n.publish_start <= ${at}::timestamptz
        and (n.publish_end is null or n.publish_end > ${at}::timestamptz)
      returning n.id, n.title`,
  );
  if (!claimed) return false;
  const notice = { id: Number(claimed.id), title: claimed.title };
  await tellUsers(tx, notice, await audienceUserIds(tx, notice.id), {
    heading: NOTICE_BELL_MSG.title,
    key: `notice:${notice.id}`,
  });
  return true;
}

/** Tells the audience of every 重要 notice due at `now` and not told yet; answers how many notices. */
export async function runNoticeJob(db: Db, now: Date = new Date()): Promise<number> {
  const at = now.toISOString();
  const due = await queryRows<{ id: number }>(
    db,
    sql`select n.id from notices n
      where n.notified_at is null and n.importance = 'important' and not n.draft
        and n.publish_start <= ${at}::timestamptz
        and (n.publish_end is null or n.publish_end > ${at}::timestamptz)
      order by n.id`,
  );
  let told = 0;
  for (const { id } of due) if (await db.transaction((tx) => tellIfDue(tx, Number(id), now))) told++;
  return told;
}

/** A reminder's key: each reminder is its own message, each person once within it. */
export const remindKey = (noticeId: number) => `notice-remind:${noticeId}:${randomUUID()}`;

const EVERY_MS = 60 * 1000;

/** Runs the job now and then every minute; stop() ends the timer. */
export function startNoticeJob(options: { db: Db; logger: Logger; everyMs?: number }): PeriodicJob {
  return startPeriodicJob({
    name: 'important-notices',
    db: options.db,
    logger: options.logger,
    everyMs: options.everyMs ?? EVERY_MS,
    run: () => runNoticeJob(options.db),
    done: (notices) => [{ notices }, 'important notices told'],
    failed: 'important notices failed',
  });
}
