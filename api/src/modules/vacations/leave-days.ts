// Leave days count only the company's 所定労働日: weekends, Japan's national holidays and the
// company calendar's own days off are skipped (shared/calendar/business-days.ts on the stored
// settings), so a week off around 昭和の日 costs four days, not five.
import { businessDays, type TCompanyCalendarSettings } from '@portal/shared/calendar/business-days';
import { countLeaveDays, type TLeavePeriod } from '@portal/shared/workflow/vacation';
import type { Db } from '../../db/client.ts';
import { loadCalendarSettings } from '../calendar/calendar.repository.ts';

export type LeaveDayCounter = (period: TLeavePeriod) => number;

/** Whether a date is a day off on given settings; each month's working days are worked out once. */
export function dayOffTestOf(settings: TCompanyCalendarSettings): (date: string) => boolean {
  const workDays = new Map<string, ReadonlySet<string>>();
  return (date: string): boolean => {
    const month = date.slice(0, 7);
    let work = workDays.get(month);
    if (!work) {
      work = new Set(businessDays(Number(date.slice(0, 4)), Number(date.slice(5, 7)), settings));
      workDays.set(month, work);
    }
    return !work.has(date);
  };
}

/** A counter on given settings. */
export function leaveDayCounterOf(settings: TCompanyCalendarSettings): LeaveDayCounter {
  const isDayOff = dayOffTestOf(settings);
  return (period) => countLeaveDays(period, isDayOff);
}

/** A counter on the company calendar as stored now. */
export async function leaveDayCounter(db: Db): Promise<LeaveDayCounter> {
  return leaveDayCounterOf(await loadCalendarSettings(db));
}
