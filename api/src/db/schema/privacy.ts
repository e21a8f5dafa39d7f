// Personal data under Japanese law (issue 34): who read whose records (個人情報保護法 §26 needs it to
// say whose data a leak reached), legal holds that stop retention deletions, and the deletion log.
// The access log is append-only: on PostgreSQL a trigger (migration 0022) refuses UPDATE and DELETE
// unless the retention job set `portal.retention` for its transaction.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { employees } from './employees.ts';

/** One read of another person's protected record, or one export of many. No foreign keys: rows outlive users. */
export const accessLog = pgTable(
  'access_log',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    at: timestamp({ withTimezone: true })
      .notNull()
      .default(sql`now()`),
    actorId: integer('actor_id'),
    /** The actor's username when the row was written, so the row reads alone. */
    actorName: varchar('actor_name', { length: 150 }).notNull().default(''),
    /** ACCESS_ACTIONS: view, download, export, print, restore. */
    action: varchar({ length: 10 }).notNull(),
    /** ACCESS_KINDS (shared/contracts/access-log.ts). */
    kind: varchar({ length: 30 }).notNull(),
    recordId: varchar('record_id', { length: 120 }),
    /** The employees whose data was read: one for a record, every one a workbook or export holds. */
    subjects: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    requestId: varchar('request_id', { length: 128 }),
    address: varchar({ length: 64 }),
  },
  (t) => [
    index('access_log_at_idx').on(t.at),
    index('access_log_actor_id_at_idx').on(t.actorId, t.at),
    check('access_log_action_check', sql`${t.action} in ('view', 'download', 'export', 'print', 'restore')`),
  ],
);

/** A legal hold: while released_at is null, no retention deletion touches the employee's records. */
export const retentionHolds = pgTable(
  'retention_holds',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    reason: varchar({ length: 200 }).notNull(),
    createdById: integer('created_by_id'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    releasedById: integer('released_by_id'),
  },
  (t) => [index('retention_holds_employee_id_idx').on(t.employeeId)],
);

/** What the retention job deleted: kept for good (it names no record's content, only how many and whose). */
export const deletionLog = pgTable('deletion_log', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  at: timestamp({ withTimezone: true })
    .notNull()
    .default(sql`now()`),
  recordClass: varchar('record_class', { length: 40 }).notNull(),
  rule: text().notNull(),
  count: integer().notNull(),
  subjects: integer()
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`),
});
