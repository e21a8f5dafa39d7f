// Which month a scheduler tick reminds about, if any. Pure: the date and the month's business days
// come in, so the rule is tested on fixed dates.
import type { TAttendanceReminderPayload } from '@portal/shared/contracts/bot-jobs';
import type { ReminderSettings } from '../config/reminder-settings.ts';

export interface YearMonth {
  readonly year: number;
  readonly month: number;
}

/** The calendar date of `at` in `timeZone`, YYYY-MM-DD. */
export function localDate(at: Date, timeZone: string): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

export function yearMonthOf(date: string): YearMonth {
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)) };
}

export function previousMonth({ year, month }: YearMonth): YearMonth {
  return month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
}

/**
 * - month_end: on the `daysBeforeMonthEnd` business days just before the month's last business day,
 *   about this month (so the last day is still left to submit);
 * - next_month: on the first `firstBusinessDays` business days of a month, about the month before.
 * `businessDays` are the business days of `today`'s month, in order.
 */
export function reminderMonth(
  kind: TAttendanceReminderPayload['kind'],
  today: string,
  businessDays: readonly string[],
  settings: Pick<ReminderSettings, 'daysBeforeMonthEnd' | 'firstBusinessDays'>,
): YearMonth | null {
  const days =
    kind === 'month_end'
      ? businessDays.slice(Math.max(0, businessDays.length - 1 - settings.daysBeforeMonthEnd), -1)
      : businessDays.slice(0, settings.firstBusinessDays);
  if (!days.includes(today)) return null;
  const month = yearMonthOf(today);
  return kind === 'month_end' ? month : previousMonth(month);
}
