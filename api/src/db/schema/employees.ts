// Employee records (one per person on the payroll; a user account is optional) and their contracts.
import { sql, type SQL } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, time, varchar } from 'drizzle-orm/pg-core';
import { asciiLowerOf, katakanaOf } from '../search-key-sql.ts';
import { users } from './users.ts';

export const employees = pgTable(
  'employees',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .unique()
      .references(() => users.id, { onDelete: 'set null' }),
    code: varchar({ length: 20 }).notNull().unique(),
    lastName: varchar('last_name', { length: 50 }).notNull(),
    firstName: varchar('first_name', { length: 50 }).notNull(),
    lastNameKana: varchar('last_name_kana', { length: 50 }).notNull().default(''),
    firstNameKana: varchar('first_name_kana', { length: 50 }).notNull().default(''),
    /**
     * What a search box compares (modules/people/person-search.ts), kept by the database: 社員番号, name
     * and フリガナ in katakana, ASCII letters in lower case, joined by spaces (a query has none, so it
     * cannot match across two of them). One LIKE on it replaced ILIKE on three columns, which at 50,000
     * people cost the console's search most of its 300–500 ms.
     */
    searchKey: text('search_key')
      .notNull()
      .generatedAlwaysAs((): SQL =>
        asciiLowerOf(
          sql`${employees.code} || ' ' || ${employees.lastName} || ${employees.firstName} || ' ' || ${katakanaOf(
            sql`${employees.lastNameKana} || ${employees.firstNameKana}`,
          )}`,
        ),
      ),
    /** GENDERS in shared/codes.ts: '1' 男, '2' 女. */
    gender: varchar({ length: 1 }).$type<'1' | '2'>(),
    birthDate: date('birth_date', { mode: 'string' }),
    joinDate: date('join_date', { mode: 'string' }),
    /** ISO 3166 numeric, e.g. '392' Japan. */
    country: varchar({ length: 3 }).notNull().default('392'),
    /** RESIDENCE_STATUSES in shared/codes.ts; '90' 日本籍. */
    residenceStatus: varchar('residence_status', { length: 2 }).notNull().default('90'),
    /** MARRIAGE_STATUSES: '0' 未婚, '1' 既婚. */
    maritalStatus: varchar('marital_status', { length: 1 }).$type<'0' | '1'>().notNull().default('0'),
    email: varchar({ length: 254 }).notNull().default(''),
    /** 在留カード expiry; null for 日本籍 and permanent statuses without one. */
    residenceExpiry: date('residence_expiry', { mode: 'string' }),
    /** '123-4567'. */
    postalCode: varchar('postal_code', { length: 8 }).notNull().default(''),
    address: varchar({ length: 200 }).notNull().default(''),
    phone: varchar({ length: 20 }).notNull().default(''),
    /** 退職日: set when the person leaves (issue 34); a leaver's master data is kept 5 years from it. */
    leftOn: date('left_on', { mode: 'string' }),
  },
  (t) => [
    check('employees_gender_check', sql`${t.gender} in ('1', '2')`),
    check('employees_marital_status_check', sql`${t.maritalStatus} in ('0', '1')`),
  ],
);

export const contracts = pgTable(
  'contracts',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    /** Null while the contract runs without an end. */
    endDate: date('end_date', { mode: 'string' }),
    workStartTime: time('work_start_time').notNull().default('09:00'),
    workEndTime: time('work_end_time').notNull().default('18:00'),
  },
  (t) => [
    index('contracts_employee_id_start_date_idx').on(t.employeeId, t.startDate),
    check('contracts_dates_check', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
  ],
);
