// Leave arithmetic shared by the vacation form (days shown while typing) and the API (balance and
// overlap checks on submit). Dates are 'YYYY-MM-DD'; Date.UTC is used only as calendar arithmetic.
import { FIELD_MSG } from '../messages.ts';
import { VACATION_FIELDS } from './codes.ts';
import type { TFieldValues } from './field-values.ts';

export interface TLeavePeriod {
  readonly start_date: string;
  readonly end_date: string;
  readonly is_start_half: boolean;
  readonly is_end_half: boolean;
}

const DAY_MS = 86_400_000;

function utcOf(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
}

function dateText(utc: number): string {
  return new Date(utc).toISOString().slice(0, 10);
}

/** Saturdays and Sundays; the API adds the company's holidays through `isDayOff`. */
export function isWeekendDate(date: string): boolean {
  const weekday = new Date(utcOf(date)).getUTCDay();
  return weekday === 0 || weekday === 6;
}

/**
 * Leave days of a period: its working days, less half a day for an afternoon start
 * (`is_start_half`) and half a day for a morning-only end (`is_end_half`). A one-day period with
 * either flag counts 0.5.
 */
export function countLeaveDays(
  period: TLeavePeriod,
  isDayOff: (date: string) => boolean = isWeekendDate,
): number {
  const start = utcOf(period.start_date);
  const end = utcOf(period.end_date);
  let days = 0;
  for (let day = start; day <= end; day += DAY_MS) if (!isDayOff(dateText(day))) days += 1;
  if (start === end) return days > 0 && (period.is_start_half || period.is_end_half) ? 0.5 : days;
  if (period.is_start_half && !isDayOff(period.start_date)) days -= 0.5;
  if (period.is_end_half && !isDayOff(period.end_date)) days -= 0.5;
  return days;
}

/** True when two periods share a day (half days are not told apart: a day is taken or not). */
export function periodsOverlap(a: TLeavePeriod, b: TLeavePeriod): boolean {
  return a.start_date <= b.end_date && b.start_date <= a.end_date;
}

/** The leave period of a vacation form's validated values, or null when the dates are missing. */
export function leavePeriodOf(values: TFieldValues): TLeavePeriod | null {
  const start = values[VACATION_FIELDS.startDate];
  const end = values[VACATION_FIELDS.endDate];
  if (typeof start !== 'string' || typeof end !== 'string') return null;
  return {
    start_date: start,
    end_date: end,
    is_start_half: values[VACATION_FIELDS.isStartHalf] === true,
    is_end_half: values[VACATION_FIELDS.isEndHalf] === true,
  };
}

/** Field errors of a vacation form beyond each field's own type: the end may not precede the start. */
export function vacationFieldErrors(
  values: TFieldValues,
  labels: { start: string; end: string },
): Record<string, string[]> {
  const period = leavePeriodOf(values);
  if (period && period.end_date < period.start_date)
    return { [VACATION_FIELDS.endDate]: [FIELD_MSG.dateOrder(labels.end, labels.start)] };
  return {};
}
