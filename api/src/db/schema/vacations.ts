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
