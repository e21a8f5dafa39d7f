// The five-day obligation reminders (労働基準法 第39条第7項, issue 35): 3 months and 1 month before an
// obligation year ends, while fewer than 5 days of it are taken or approved, the employee and their head
// get a bell and a Lark text (records.lark_notice through the outbox). A run sends, for each employee
// short of a running obligation, the reminder of the nearest threshold reached (one first seen 20 days
// before the end gets the 1-month reminder only). It claims each reminder by the unique (employee_id,
// granted_on, threshold_months) of paid_leave_obligation_reminders in the transaction that writes it,
// as residence-notice-job.ts does, so however often and on however many replicas it runs, each is
// sent once. The API runs it at start and every hour.
import {
  obligationReminderOn,
  reminderTimeLeft,
  type TObligationReminder,
} from '@portal/shared/paid-leave/balance';
import type { Db } from '../../db/client.ts';
import { tokyoDate } from '../../dates.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { paidLeaveObligationReminders } from '../../db/schema/vacations.ts';
import type { Logger } from '../../logger.ts';
import { queueLarkNotices } from '../records/record-changes.ts';
import { obligationsAtRisk } from './obligation.ts';
import { startPeriodicJob, type PeriodicJob } from '../../jobs/periodic-job.ts';

export const OBLIGATION_REMINDER_MSG = {
  title: '年次有給休暇の年5日の取得期限が近づいています',
  /** `left`: reminderTimeLeft's '3か月' or '21日'. */
  toEmployee: (deadline: string, left: string, taken: number) =>
    `年5日の取得期限（${deadline}）まであと${left}です。取得済み・承認済みは${taken}日です。残り${5 - taken}日の取得を計画してください。`,
  toHead: (name: string, deadline: string, left: string, taken: number) =>
    `${name} さんの年5日の取得期限（${deadline}）まであと${left}ですが、取得済み・承認済みは${taken}日です。取得の計画を確認してください。`,
  lark: (title: string, content: string, link: string) => `${title}\n${content}\n${link}`,
} as const;

export interface ObligationReminderOptions {
  /** The portal's address (no trailing slash), for the link in Lark; else the path alone. */
  readonly publicUrl?: string | undefined;
}

/** Sends the reminders due on `today` (YYYY-MM-DD, Tokyo) not sent yet; answers how many employees. */
export async function runObligationReminders(
  db: Db,
  today: string = tokyoDate(),
  options: ObligationReminderOptions = {},
): Promise<number> {
  const link = `${options.publicUrl?.replace(/\/+$/, '') ?? ''}/vacations`;
  let sent = 0;
  for (const person of await obligationsAtRisk(db, today)) {
    const months: TObligationReminder | null = obligationReminderOn(person.obligation, today);
    if (months === null) continue;
    const told = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(paidLeaveObligationReminders)
        .values({ employeeId: person.employee_id, grantedOn: person.granted_on, thresholdMonths: months })
        .onConflictDoNothing()
        .returning({ id: paidLeaveObligationReminders.id });
      if (!claimed) return false;
      const { title } = OBLIGATION_REMINDER_MSG;
      const left = reminderTimeLeft(person.obligation, months, today);
      const own = OBLIGATION_REMINDER_MSG.toEmployee(person.deadline, left, person.taken_days);
      const toHead = OBLIGATION_REMINDER_MSG.toHead(person.name, person.deadline, left, person.taken_days);
      const head = person.head_user_id;
      await tx
        .insert(notifications)
        .values([
          { userId: person.user_id, title, content: own, forward: '/vacations' },
          ...(head === null ? [] : [{ userId: head, title, content: toHead, forward: null }]),
        ]);
      const key = `leave-obligation:${person.employee_id}:${person.granted_on}:${months}`;
      await queueLarkNotices(tx, [
        {
          userId: person.user_id,
          text: OBLIGATION_REMINDER_MSG.lark(title, own, link),
          key: `${key}:${person.user_id}`,
        },
        ...(head === null ? [] : [{ userId: head, text: `${title}\n${toHead}`, key: `${key}:${head}` }]),
      ]);
      return true;
    });
    if (told) sent++;
  }
  return sent;
}

const EVERY_MS = 60 * 60 * 1000;

/** Runs the reminders now and then every hour (a missed day is caught up); stop() ends the timer. */
export function startObligationReminderJob(
  options: ObligationReminderOptions & { db: Db; logger: Logger; everyMs?: number },
): PeriodicJob {
  return startPeriodicJob({
    name: 'paid-leave-obligation-reminders',
    db: options.db,
    logger: options.logger,
    everyMs: options.everyMs ?? EVERY_MS,
    run: () => runObligationReminders(options.db, tokyoDate(), options),
    done: (sent) => [{ sent }, 'paid leave obligation reminders sent'],
    failed: 'paid leave obligation reminders failed',
  });
}
