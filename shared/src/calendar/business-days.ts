// Which dates of a month are 所定労働日 (`work`), 所定休日 (`nonlegal`) or 法定休日 (`legal`):
// Japan's national holidays from @holiday-jp/holiday_jp plus the company calendar's own days off and
// its 法定休日 weekday (attendance-rules.md, "Calendar kinds"). The attendance calculation takes the
// result as its `calendar`; `task/business-days/{y}/{m}/` lists the `work` dates.
import holidayJp from '@holiday-jp/holiday_jp';
import { z } from 'zod';
import { dateOf, daysInMonth, weekdayOf } from '../attendance/dates.ts';

export type DayKind = 'work' | 'nonlegal' | 'legal';

const SUNDAY = 0;
const SATURDAY = 6;

/** The company calendar's settings, editable by administrators. */
export const ZCompanyCalendarSettings = z.object({
  /** 0 = Sunday … 6 = Saturday. */
  legal_holiday_weekday: z.number().int().min(0).max(6).default(SUNDAY),
  /** Company days off (年末年始, 夏季休暇 …) as YYYY-MM-DD. */
  days_off: z.array(z.iso.date()).default([]),
});
export type TCompanyCalendarSettings = z.infer<typeof ZCompanyCalendarSettings>;

export const DEFAULT_COMPANY_CALENDAR: TCompanyCalendarSettings = {
  legal_holiday_weekday: SUNDAY,
  days_off: [],
};

const HOLIDAYS: Readonly<Record<string, { readonly name: string } | undefined>> = holidayJp.holidays;

/** The national holiday's Japanese name (振替休日 included), or null. */
export function nationalHolidayName(date: string): string | null {
  return HOLIDAYS[date]?.name ?? null;
}

/**
 * The kind of one date. The 法定休日 weekday wins over everything (a holiday on a Sunday is still the
 * legal day off); the other weekend day, national holidays and company days off are 所定休日.
 */
export function dayKind(
  year: number,
  month: number,
  day: number,
  settings: TCompanyCalendarSettings,
  daysOff: ReadonlySet<string> = new Set(settings.days_off),
): DayKind {
  const weekday = weekdayOf(year, month, day);
  if (weekday === settings.legal_holiday_weekday) return 'legal';
  if (weekday === SUNDAY || weekday === SATURDAY) return 'nonlegal';
  const date = dateOf(year, month, day);
  if (HOLIDAYS[date] || daysOff.has(date)) return 'nonlegal';
  return 'work';
}

/** Every date of the month and the day after it (the calculation needs the next morning's kind). */
export function monthCalendar(
  year: number,
  month: number,
  settings: TCompanyCalendarSettings = DEFAULT_COMPANY_CALENDAR,
): Record<string, DayKind> {
  const daysOff = new Set(settings.days_off);
  const last = daysInMonth(year, month);
  const calendar: Record<string, DayKind> = {};
  for (let day = 1; day <= last; day++)
    calendar[dateOf(year, month, day)] = dayKind(year, month, day, settings, daysOff);
  const [nextYear, nextMonth] = month === 12 ? [year + 1, 1] : [year, month + 1];
  calendar[dateOf(nextYear, nextMonth, 1)] = dayKind(nextYear, nextMonth, 1, settings, daysOff);
  return calendar;
}

/** The month's 所定労働日 as YYYY-MM-DD, in order: the answer of `task/business-days/{y}/{m}/`. */
export function businessDays(
  year: number,
  month: number,
  settings: TCompanyCalendarSettings = DEFAULT_COMPANY_CALENDAR,
): string[] {
  const daysOff = new Set(settings.days_off);
  const dates: string[] = [];
  const last = daysInMonth(year, month);
  for (let day = 1; day <= last; day++) {
    if (dayKind(year, month, day, settings, daysOff) === 'work') dates.push(dateOf(year, month, day));
  }
  return dates;
}
