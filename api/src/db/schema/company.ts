// Company master data: the one company_info row and the calendar files shown on /company/calendar.
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { bytea } from '../bytea.ts';

export const companyInfo = pgTable(
  'company_info',
  {
    id: integer().primaryKey().default(1),
    name: varchar({ length: 200 }).notNull(),
    /** The company's logo, re-encoded by the server (PNG), shown as a data: URL; null when none. */
    logo: bytea(),
  },
  // A single row: the id is pinned to 1.
  (t) => [check('company_info_single_row_check', sql`${t.id} = 1`)],
);

export const companyCalendarFiles = pgTable(
  'company_calendar_files',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: varchar({ length: 200 }).notNull(),
    /** A link to an image kept elsewhere … */
    url: text(),
    /** … or the image itself, served as a data: URL (the CSP allows data: images). */
    image: bytea(),
    contentType: varchar('content_type', { length: 100 }),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    check(
      'company_calendar_files_source_check',
      sql`${t.url} is not null or (${t.image} is not null and ${t.contentType} is not null)`,
    ),
  ],
);
