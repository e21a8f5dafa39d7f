// Payslips (給与明細) and withholding slips (源泉徴収票) as issued to one employee, and the log of every
// view and download of one (who, when). Issued by HR in the slips issue; the demo seeds a year of them.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import type { TPaymentSlipBody, TWithholdingSlipBody } from '@portal/shared/contracts/slips';
import { employees } from './employees.ts';
import { users } from './users.ts';

export const paymentSlips = pgTable(
  'payment_slips',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    year: integer().notNull(),
    month: integer().notNull(),
    /** 'salary' 給与, 'bonus' 賞与. */
    kind: varchar({ length: 10 }).$type<'salary' | 'bonus'>().notNull().default('salary'),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    /** 差引支給額. */
    netPay: integer('net_pay').notNull(),
    /** 支給, 控除, 勤怠 lines as issued. */
    body: jsonb().$type<TPaymentSlipBody>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    unique('payment_slips_employee_id_year_month_kind_key').on(t.employeeId, t.year, t.month, t.kind),
    check('payment_slips_month_check', sql`${t.month} between 1 and 12`),
    check('payment_slips_kind_check', sql`${t.kind} in ('salary', 'bonus')`),
  ],
);

export const withholdingSlips = pgTable(
  'withholding_slips',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    /** The calendar year (1–12月) the slip covers. */
    year: integer().notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    body: jsonb().$type<TWithholdingSlipBody>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [unique('withholding_slips_employee_id_year_key').on(t.employeeId, t.year)],
);

/** Every view and download of a slip: who, which, what, when. */
export const slipAccessLog = pgTable(
  'slip_access_log',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'payment' or 'withholding'. */
    slipKind: varchar('slip_kind', { length: 12 }).$type<'payment' | 'withholding'>().notNull(),
    slipId: integer('slip_id').notNull(),
    /** 'view' (the detail) or 'download' (the PDF). */
    action: varchar({ length: 10 }).$type<'view' | 'download'>().notNull(),
    at: timestamp({ withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('slip_access_log_slip_idx').on(t.slipKind, t.slipId),
    check('slip_access_log_kind_check', sql`${t.slipKind} in ('payment', 'withholding')`),
    check('slip_access_log_action_check', sql`${t.action} in ('view', 'download')`),
  ],
);
