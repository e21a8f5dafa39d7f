// The employee's own records (issue 13): bank accounts, emergency contacts, the avatar, and the
// history of every change an employee makes to them (who, when, the value before and after).
import { sql } from 'drizzle-orm';
import {
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { employees } from './employees.ts';
import { users } from './users.ts';
import { bytea } from '../bytea.ts';

export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    /** 'salary' (one per employee) or 'expense' (optional, one). */
    purpose: varchar({ length: 10 }).$type<'salary' | 'expense'>().notNull(),
    bankCode: char('bank_code', { length: 4 }).notNull(),
    bankName: varchar('bank_name', { length: 100 }).notNull(),
    branchCode: char('branch_code', { length: 3 }).notNull(),
    branchName: varchar('branch_name', { length: 100 }).notNull(),
    /** BANK_ACCOUNT_TYPES in shared/codes.ts. */
    accountType: char('account_type', { length: 2 }).notNull(),
    accountNumber: char('account_number', { length: 7 }).notNull(),
    /** Half-width katakana, as a Zengin transfer file takes it. */
    accountHolder: varchar('account_holder', { length: 30 }).notNull(),
    /** ゆうちょ accounts: 記号・番号 as entered (branch and number above are converted from them). */
    yuchoSymbol: char('yucho_symbol', { length: 5 }),
    yuchoNumber: varchar('yucho_number', { length: 8 }),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    unique('bank_accounts_employee_id_purpose_unique').on(t.employeeId, t.purpose),
    check('bank_accounts_purpose_check', sql`${t.purpose} in ('salary', 'expense')`),
    check(
      'bank_accounts_salary_type_check',
      sql`${t.purpose} <> 'salary' or ${t.accountType} in ('01', '04')`,
    ),
  ],
);

export const emergencyContacts = pgTable(
  'emergency_contacts',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    name: varchar({ length: 50 }).notNull(),
    nameKana: varchar('name_kana', { length: 50 }).notNull().default(''),
    relationship: varchar({ length: 20 }).notNull(),
    phone: varchar({ length: 20 }).notNull(),
    address: varchar({ length: 200 }).notNull().default(''),
    /** 1 is called first. */
    priority: smallint().notNull(),
  },
  (t) => [index('emergency_contacts_employee_id_idx').on(t.employeeId, t.priority)],
);

/** One avatar per user, re-encoded on upload (image only, no SVG). */
export const userAvatars = pgTable('user_avatars', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  image: bytea().notNull(),
  contentType: varchar('content_type', { length: 50 }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/** Every change of an employee's records, with the value before and after (null: none). */
export const recordChanges = pgTable(
  'record_changes',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'bank_account', 'emergency_contact', 'profile', 'avatar'. */
    subject: varchar({ length: 30 }).notNull(),
    subjectId: integer('subject_id'),
    action: varchar({ length: 10 }).$type<'create' | 'update' | 'delete'>().notNull(),
    before: jsonb().$type<Record<string, unknown>>(),
    after: jsonb().$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('record_changes_employee_id_idx').on(t.employeeId, t.createdAt.desc())],
);

/**
 * The station master (GET stations/?q=), in the layout of the public 駅データ CSV (station_cd,
 * station_g_cd, station_name, line_cd, pref_cd, …) joined with its line names; imported by
 * seed/stations.ts's importer, the demo with a small sample of real Tokyo stations.
 */
export const stations = pgTable(
  'stations',
  {
    /** station_cd. */
    code: integer().primaryKey(),
    /** station_g_cd: one station served by several lines shares it. */
    groupCode: integer('group_code').notNull(),
    name: varchar({ length: 100 }).notNull(),
    lineCode: integer('line_code').notNull(),
    lineName: varchar('line_name', { length: 100 }).notNull(),
    prefCode: smallint('pref_code').notNull(),
    address: varchar({ length: 200 }).notNull().default(''),
  },
  (t) => [index('stations_name_idx').on(t.name)],
);

/** An employee's commuting route from a date on (HR sets it; the latest started one is current). */
export const commutingRoutes = pgTable(
  'commuting_routes',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    fromStation: varchar('from_station', { length: 100 }).notNull(),
    toStation: varchar('to_station', { length: 100 }).notNull(),
    line: varchar({ length: 200 }).notNull(),
    /** 定期代 (one month), yen. */
    monthlyAmount: integer('monthly_amount').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('commuting_routes_employee_id_idx').on(t.employeeId, t.startsOn),
    check('commuting_routes_amount_check', sql`${t.monthlyAmount} >= 0`),
  ],
);

/**
 * The residence card notices sent (issue 13): one row per employee, threshold (90 or 30 days) and
 * expiry date, so the daily job tells the employee and HR exactly once however often it runs; a new
 * expiry date (a renewed card) starts afresh.
 */
export const residenceExpiryNotices = pgTable(
  'residence_expiry_notices',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    thresholdDays: smallint('threshold_days').notNull(),
    expiry: date({ mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [unique('residence_expiry_notices_once').on(t.employeeId, t.thresholdDays, t.expiry)],
);
