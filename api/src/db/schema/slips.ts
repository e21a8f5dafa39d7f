// Payslips (給与明細) and withholding slips (源泉徴収票) as issued to one employee, the uploads that
// issued them (issue 29), each employee's consent to electronic delivery, and the log of every view
// and download of a slip (who, when). A slip is current until a later upload corrects it or its upload
// is withdrawn (retired_at); the unique keys hold among current slips only.
import { sql } from 'drizzle-orm';
import {
  check,
  char,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { TPaymentSlipBody, TWithholdingSlipBody } from '@portal/shared/contracts/slips';
import type { TConsentDocument } from '@portal/shared/contracts/uploads';
import { employees } from './employees.ts';
import { users } from './users.ts';

/** One upload of slips (アップロード履歴): its settings, file, author and publication. */
export const slipUploads = pgTable(
  'slip_uploads',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** 'salary' 給与明細, 'bonus' 賞与明細, 'withholding' 源泉徴収票. */
    kind: varchar({ length: 12 }).$type<'salary' | 'bonus' | 'withholding'>().notNull(),
    year: integer().notNull(),
    /** Null for 源泉徴収票. */
    month: integer(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    fileSha256: char('file_sha256', { length: 64 }).notNull(),
    rowCount: integer('row_count').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    /** From when its employees see the slips. */
    publishAt: timestamp('publish_at', { withTimezone: true }).notNull(),
    /** Set once by the notice job that told the employees (its claim). */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    /** 公開予約の取消 / 公開の取消: the slips are hidden, the row stays. */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [
    index('slip_uploads_due_idx')
      .on(t.publishAt)
      .where(sql`${t.notifiedAt} is null and ${t.withdrawnAt} is null`),
    check('slip_uploads_kind_check', sql`${t.kind} in ('salary', 'bonus', 'withholding')`),
    check('slip_uploads_month_check', sql`${t.month} is null or ${t.month} between 1 and 12`),
  ],
);

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
    /** The upload that issued it; null for slips written before uploads (the demo's first seed). */
    uploadId: integer('upload_id').references(() => slipUploads.id, { onDelete: 'cascade' }),
    /** When it stopped being current: corrected by a later upload, or its upload withdrawn. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    /** When its employee first opened it (view or PDF): what 未開封 and the reminders read. */
    openedAt: timestamp('opened_at', { withTimezone: true }),
    /** The slip that corrected it. */
    supersededBy: integer('superseded_by').references((): AnyPgColumn => paymentSlips.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    uniqueIndex('payment_slips_current_key')
      .on(t.employeeId, t.year, t.month, t.kind)
      .where(sql`${t.retiredAt} is null`),
    index('payment_slips_upload_idx').on(t.uploadId),
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
    uploadId: integer('upload_id').references(() => slipUploads.id, { onDelete: 'cascade' }),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    /** When its employee first opened it (view or PDF): what 未開封 and the reminders read. */
    openedAt: timestamp('opened_at', { withTimezone: true }),
    supersededBy: integer('superseded_by').references((): AnyPgColumn => withholdingSlips.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    uniqueIndex('withholding_slips_current_key')
      .on(t.employeeId, t.year)
      .where(sql`${t.retiredAt} is null`),
    index('withholding_slips_upload_idx').on(t.uploadId),
  ],
);

/**
 * An employee's answer on electronic delivery of one document, and HR's notice asking for it: silence
 * past `reply_by` counts as consent (みなし同意).
 */
export const slipConsents = pgTable(
  'slip_consents',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    document: varchar({ length: 12 }).$type<TConsentDocument>().notNull(),
    /** 'agreed' 同意, 'refused' 不同意, 'paper' 書面交付希望; null: not answered. */
    answer: varchar({ length: 10 }).$type<'agreed' | 'refused' | 'paper'>(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    replyBy: date('reply_by', { mode: 'string' }),
  },
  (t) => [
    unique('slip_consents_employee_id_document_key').on(t.employeeId, t.document),
    check('slip_consents_document_check', sql`${t.document} in ('payment', 'withholding')`),
    check(
      'slip_consents_answer_check',
      sql`${t.answer} is null or ${t.answer} in ('agreed', 'refused', 'paper')`,
    ),
  ],
);
