// The company calendar's settings (法定休日 weekday, company days off). Without a stored row the
// defaults of shared/calendar/business-days.ts apply: Sunday, no days off.
import { and, asc, gte, lt } from 'drizzle-orm';
import {
  DEFAULT_COMPANY_CALENDAR,
  type TCompanyCalendarSettings,
} from '@portal/shared/calendar/business-days';
import { tableCache } from '../../cache/table-cache.ts';
import type { Db } from '../../db/client.ts';
import { companyCalendar, companyDaysOff } from '../../db/schema/calendar.ts';

function monthStart(year: number, month: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
}

/**
 * The settings, with the days off between `from` (inclusive) and `to` (exclusive) when given, else
 * all of them.
 */
export async function loadCalendarSettings(
  db: Db,
  range?: { from: string; to: string },
): Promise<TCompanyCalendarSettings> {
  const [row] = await db.select().from(companyCalendar).limit(1);
  const days = await db
    .select({ date: companyDaysOff.date })
    .from(companyDaysOff)
    .where(range ? and(gte(companyDaysOff.date, range.from), lt(companyDaysOff.date, range.to)) : undefined)
    .orderBy(asc(companyDaysOff.date));
  return {
    legal_holiday_weekday: row?.legalHolidayWeekday ?? DEFAULT_COMPANY_CALENDAR.legal_holiday_weekday,
    days_off: days.map((d) => d.date),
  };
}

const monthSettings = tableCache<TCompanyCalendarSettings>(['company_calendar', 'company_days_off'], 240);

/** What monthCalendar(year, month) needs: the month's days off and the next month's first. */
export function loadMonthCalendarSettings(db: Db, year: number, month: number) {
  const [nextYear, nextMonth] = month === 12 ? [year + 1, 1] : [year, month + 1];
  const afterNextFirst = nextMonth === 12 ? monthStart(nextYear + 1, 1) : monthStart(nextYear, nextMonth + 1);
  return monthSettings.read(db, monthStart(year, month), () =>
    loadCalendarSettings(db, { from: monthStart(year, month), to: afterNextFirst }),
  );
}

/** Replaces the settings: the weekday, and the whole list of days off. */
export async function saveCalendarSettings(tx: Db, settings: TCompanyCalendarSettings): Promise<void> {
  await tx
    .insert(companyCalendar)
    .values({ id: 1, legalHolidayWeekday: settings.legal_holiday_weekday })
    .onConflictDoUpdate({
      target: companyCalendar.id,
      set: { legalHolidayWeekday: settings.legal_holiday_weekday },
    });
  await tx.delete(companyDaysOff);
  const unique = [...new Set(settings.days_off)];
  if (unique.length > 0) await tx.insert(companyDaysOff).values(unique.map((date) => ({ date })));
}
