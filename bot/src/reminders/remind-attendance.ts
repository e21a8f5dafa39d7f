// One tick of an attendance reminder scheduler: on a reminder day, one message to every employee who
// has not submitted the month. Every message is keyed by employee + month + run date, as the Lark
// queue's job id and Lark's uuid, so a retried tick, a second replica or a re-run of the same day
// reaches nobody twice.
import type {
  TAttendanceReminderPayload,
  TLarkSendPayload,
  TPushNotifyPayload,
} from '@portal/shared/contracts/bot-jobs';
import type { LarkPerson } from '../lark/open-ids.ts';
import { REMINDER_TITLE, reminderBody, reminderCard } from './reminder-card.ts';
import { localDate, reminderMonth, yearMonthOf, type YearMonth } from './reminder-days.ts';
import type { ReminderSettings } from '../config/reminder-settings.ts';
import type { RemindersApi } from './reminders-api.ts';

export interface ReminderDeps {
  readonly api: RemindersApi;
  readonly settings: Pick<ReminderSettings, 'timeZone' | 'daysBeforeMonthEnd' | 'firstBusinessDays'>;
  /** A portal path → the URL that opens it inside Lark. */
  linkInLark(path: string): string;
  /** Each employee's Lark user: the open_id the API has, or found by e-mail (lark/open-ids.ts). */
  openIds(people: readonly LarkPerson[]): Promise<ReadonlyMap<number, string>>;
  sendLark(payload: TLarkSendPayload): Promise<void>;
  /** Queues a push notification under `key`; null when push is off. */
  readonly push: ((key: string, payload: TPushNotifyPayload) => Promise<void>) | null;
}

export interface ReminderRun {
  readonly date: string;
  /** The month reminded about; null: not a reminder day. */
  readonly month: YearMonth | null;
  readonly messages: number;
  readonly pushes: number;
  /** Employees with no Lark user, not even by e-mail (reached by push only, if at all). */
  readonly withoutLark: number;
}

const compact = (date: string) => date.replaceAll('-', '');

/** `att:{user}:{YYYYMM}:{YYYYMMDD}` — at most 34 characters, within Lark's 50 for a uuid. */
export function reminderKey(userId: number, month: YearMonth, date: string): string {
  return `att:${userId}:${month.year}${String(month.month).padStart(2, '0')}:${compact(date)}`;
}

/** `runAt` is the time the tick was scheduled for (the clock, injected). */
export async function remindAttendance(
  kind: TAttendanceReminderPayload['kind'],
  runAt: Date,
  deps: ReminderDeps,
): Promise<ReminderRun> {
  const date = localDate(runAt, deps.settings.timeZone);
  const businessDays = await deps.api.businessDays(yearMonthOf(date));
  const month = reminderMonth(kind, date, businessDays, deps.settings);
  if (!month) return { date, month: null, messages: 0, pushes: 0, withoutLark: 0 };

  const { employees, form_path } = await deps.api.unsubmitted(month);
  const deadline = kind === 'month_end' ? (businessDays.at(-1) ?? null) : null;
  const url = deps.linkInLark(form_path);
  const openIds = await deps.openIds(employees);
  let messages = 0;
  let pushes = 0;
  for (const employee of employees) {
    const key = reminderKey(employee.user_id, month, date);
    const text = { kind, month, name: employee.name, deadline };
    const openId = openIds.get(employee.user_id);
    if (openId) {
      await deps.sendLark({
        key,
        open_id: openId,
        msg_type: 'interactive',
        content: { ...reminderCard(text, url) },
        card: null,
      });
      messages++;
    }
    if (deps.push) {
      await deps.push(`push:${key}`, {
        user_id: employee.user_id,
        title: REMINDER_TITLE,
        body: reminderBody(text),
        forward: form_path,
      });
      pushes++;
    }
  }
  return { date, month, messages, pushes, withoutLark: employees.length - messages };
}
