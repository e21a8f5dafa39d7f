// The company manual (/manual): pages grouped into chapters, each with its Markdown and attachments.
// A chapter is a page's `chapter` title; chapters are ordered by `chapter_order`, pages within one by
// `page_order` (both then by id), so reordering is editing two numbers in the console.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { bytea } from '../bytea.ts';

export const manualPages = pgTable(
  'manual_pages',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    chapter: varchar({ length: 100 }).notNull(),
    chapterOrder: integer('chapter_order').notNull().default(0),
    pageOrder: integer('page_order').notNull().default(0),
    title: varchar({ length: 100 }).notNull(),
    /** Markdown; rendered without raw HTML. */
    body: text().notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('manual_pages_order_idx').on(t.chapterOrder, t.pageOrder),
    check('manual_pages_body_length_check', sql`char_length(${t.body}) <= 20000`),
  ],
);

/** A page's images and PDFs, numbered from 1 within the page (`/manual/pages/{id}/attachments/{n}/`). */
export const manualAttachments = pgTable(
  'manual_attachments',
  {
    pageId: integer('page_id')
      .notNull()
      .references(() => manualPages.id, { onDelete: 'cascade' }),
    n: integer().notNull(),
    name: varchar({ length: 200 }).notNull(),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    data: bytea().notNull(),
  },
  (t) => [primaryKey({ columns: [t.pageId, t.n] })],
);
