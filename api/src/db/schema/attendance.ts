// Monthly attendance: one draft an employee and month (what the entry form last saved), and the
// versions of each submitted report (勤怠報告 task): version 1 is the submission (replaced on
// resubmission while sent back), later versions are HR corrections, each keeping the one before.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import type { TAttendanceTabData, TAttendanceTabsResultData } from '@portal/shared/contracts/attendance';
import { employees } from './employees.ts';
import { tasks } from './tasks.ts';
import { users } from './users.ts';

/** What a draft and a version store of the form; the figures are recomputed, never stored from the client. */
export interface TAttendanceData {
  first: TAttendanceTabData;
  second: TAttendanceTabData;
  remark: string;
  default_input: boolean;
}

export const attendanceDrafts = pgTable(
  'attendance_drafts',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    year: smallint().notNull(),
    month: smallint().notNull(),
    data: jsonb().$type<TAttendanceData>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    unique('attendance_drafts_employee_id_year_month_key').on(t.employeeId, t.year, t.month),
    index('attendance_drafts_year_month_idx').on(t.year, t.month),
    check('attendance_drafts_month_check', sql`${t.month} between 1 and 12`),
  ],
);

export const attendanceVersions = pgTable(
  'attendance_versions',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    year: smallint().notNull(),
    month: smallint().notNull(),
    data: jsonb().$type<TAttendanceData>().notNull(),
    /** computeAttendanceTabs of `data` when it was stored. */
    result: jsonb().$type<TAttendanceTabsResultData>().notNull(),
    /** Who stored it: the applicant, or the HR editor of a correction. */
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    isCorrection: boolean('is_correction').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    unique('attendance_versions_task_id_version_key').on(t.taskId, t.version),
    index('attendance_versions_employee_id_year_month_idx').on(t.employeeId, t.year, t.month),
    index('attendance_versions_year_month_idx').on(t.year, t.month),
    check('attendance_versions_month_check', sql`${t.month} between 1 and 12`),
  ],
);
