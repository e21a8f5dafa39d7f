// Leave history (spec §3.6) and paid-leave grants: approved vacation requests enter the history;
// the balance is the valid grants less the paid leave taken and requested.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import type { TVacationCategory } from '@portal/shared/workflow/codes';
import { employees } from './employees.ts';
import { tasks } from './tasks.ts';

export const vacations = pgTable(
  'vacations',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    /** VACATION_CATEGORIES; '01' paid leave. */
    category: varchar({ length: 2 }).$type<TVacationCategory>().notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    days: doublePrecision().notNull(),
    isStartHalf: boolean('is_start_half').notNull().default(false),
    isEndHalf: boolean('is_end_half').notNull().default(false),
    taskId: integer('task_id')
      .unique()
      .references(() => tasks.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('vacations_employee_id_start_date_idx').on(t.employeeId, t.startDate),
    check('vacations_dates_check', sql`${t.endDate} >= ${t.startDate}`),
  ],
);

export const paidLeaveGrants = pgTable(
  'paid_leave_grants',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    grantedOn: date('granted_on', { mode: 'string' }).notNull(),
    /** Paid leave lapses two years after the grant (労働基準法 第115条). */
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    days: doublePrecision().notNull(),
    /** 'auto' for the statutory grant job (vacations/grant-job.ts), 'manual' for HR or imports. */
    source: varchar({ length: 10 }).$type<'auto' | 'manual'>().notNull().default('manual'),
  },
  (t) => [
    index('paid_leave_grants_employee_id_idx').on(t.employeeId, t.expiresOn),
    /** One grant per employee and grant date: the grant job may run any number of times. */
    unique('paid_leave_grants_employee_id_granted_on_key').on(t.employeeId, t.grantedOn),
    check('paid_leave_grants_dates_check', sql`${t.expiresOn} > ${t.grantedOn}`),
  ],
);

/**
 * Why each statutory grant was or was not made (労働基準法 第39条第1項・第2項, the 80 % condition):
 * one row per employee and 基準日, written by the grant job with the attendance rate of the period.
 */
export const paidLeaveGrantDecisions = pgTable(
  'paid_leave_grant_decisions',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    /** 基準日. */
    grantedOn: date('granted_on', { mode: 'string' }).notNull(),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    /** 全労働日. */
    workDays: integer('work_days').notNull(),
    workedDays: integer('worked_days').notNull(),
    unrecordedDays: integer('unrecorded_days').notNull(),
    leftOutDays: integer('left_out_days').notNull(),
    /** Percent, rounded down to 0.1; null without 全労働日. */
    ratio: doublePrecision(),
    granted: boolean().notNull(),
    /** Days granted (0 when not granted). */
    days: doublePrecision().notNull(),
    reason: varchar({ length: 300 }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [unique('paid_leave_grant_decisions_employee_id_granted_on_key').on(t.employeeId, t.grantedOn)],
);

/**
 * The five-day obligation reminders claimed (vacations/obligation-reminder-job.ts): one row per
 * employee, obligation year (its grant date) and threshold (months before the year ends), so that
 * each reminder is sent once however often and wherever the job runs.
 */
export const paidLeaveObligationReminders = pgTable(
  'paid_leave_obligation_reminders',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    grantedOn: date('granted_on', { mode: 'string' }).notNull(),
    thresholdMonths: integer('threshold_months').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [unique('paid_leave_obligation_reminders_key').on(t.employeeId, t.grantedOn, t.thresholdMonths)],
);
