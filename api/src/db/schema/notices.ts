// お知らせ (issue 30): the notices the console writes, their audience (none: 全社), their files, who
// has read each, and the claim that tells a 重要 notice's audience once.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import type { TNoticeImportance } from '@portal/shared/contracts/notice-codes';
import { organizations } from './organizations.ts';
import { users } from './users.ts';
import { bytea } from '../bytea.ts';

export const notices = pgTable(
  'notices',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    title: varchar({ length: 100 }).notNull(),
    /** Markdown, shown without raw HTML. */
    body: text().notNull().default(''),
    importance: varchar({ length: 10 }).$type<TNoticeImportance>().notNull().default('normal'),
    pinned: boolean().notNull().default(false),
    draft: boolean().notNull().default(false),
    /** Null only on a draft; set to the moment of publication when it is published without one. */
    publishStart: timestamp('publish_start', { withTimezone: true }),
    publishEnd: timestamp('publish_end', { withTimezone: true }),
    /**
     * When the audience of a 重要 notice was told (bell and Lark). Set where it is still null in the
     * transaction that writes those, so however many runs and replicas, it tells once.
     */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('notices_publish_start_idx').on(t.publishStart.desc()),
    check('notices_importance_check', sql`${t.importance} in ('normal', 'important')`),
    check(
      'notices_period_check',
      sql`${t.publishEnd} is null or ${t.publishStart} is null or ${t.publishEnd} > ${t.publishStart}`,
    ),
  ],
);

/** A notice's organisations, each with everyone below it; none means 全社. */
export const noticeOrganizations = pgTable(
  'notice_organizations',
  {
    noticeId: integer('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.noticeId, t.organizationId] }),
    index('notice_organizations_organization_id_idx').on(t.organizationId),
  ],
);

export const noticeAttachments = pgTable(
  'notice_attachments',
  {
    noticeId: integer('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    /** Its place in the notice, from 1: the `{n}` of notices/{id}/attachments/{n}/. */
    n: smallint().notNull(),
    name: varchar({ length: 255 }).notNull(),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    content: bytea().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.noticeId, t.n] }),
    check('notice_attachments_n_check', sql`${t.n} between 1 and 5`),
    check('notice_attachments_size_check', sql`octet_length(${t.content}) <= 2097152`),
  ],
);

export const noticeReads = pgTable(
  'notice_reads',
  {
    noticeId: integer('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.userId] }), index('notice_reads_user_id_idx').on(t.userId)],
);
