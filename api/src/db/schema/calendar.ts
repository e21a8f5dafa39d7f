// The company calendar's settings (attendance-rules.md "Calendar kinds"): the 法定休日 weekday and the
// company's own days off. National holidays come from @holiday-jp/holiday_jp, never from a table.
import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, smallint, varchar } from 'drizzle-orm/pg-core';

export const companyCalendar = pgTable(
  'company_calendar',
  {
    id: integer().primaryKey().default(1),
    /** 0 = Sunday … 6 = Saturday. */
    legalHolidayWeekday: smallint('legal_holiday_weekday').notNull().default(0),
  },
  (t) => [
    // A single row, like company_info.
    check('company_calendar_single_row_check', sql`${t.id} = 1`),
    check('company_calendar_weekday_check', sql`${t.legalHolidayWeekday} between 0 and 6`),
  ],
);

/** 年末年始, 夏季休暇 …: 所定休日 beyond the weekend and the national holidays. */
export const companyDaysOff = pgTable('company_days_off', {
  date: date({ mode: 'string' }).primaryKey(),
  name: varchar({ length: 100 }).notNull().default(''),
});
