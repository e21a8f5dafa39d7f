// The administration console's audit trail (issue 14): every change made in the console, who made it,
// when, on what, and the record before and after, as JSON. Written in the same transaction as the
// change, so a refused or failed change leaves no entry and an entry never describes a rollback.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    at: timestamp({ withTimezone: true })
      .notNull()
      .default(sql`now()`),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The actor's name when the entry was written, so it reads the same after the account goes. */
    actorName: varchar('actor_name', { length: 150 }).notNull(),
    /** The console resource ('organizations', 'people', 'groups', 'users'). */
    resource: varchar({ length: 40 }).notNull(),
    /** What was done ('create', 'update', 'move', 'close', 'set_head', 'deactivate', …). */
    action: varchar({ length: 40 }).notNull(),
    objectId: integer('object_id'),
    objectLabel: varchar('object_label', { length: 200 }).notNull().default(''),
    before: jsonb(),
    after: jsonb(),
  },
  (t) => [
    index('admin_audit_log_at_idx').on(t.at.desc()),
    index('admin_audit_log_resource_object_idx').on(t.resource, t.objectId),
  ],
);
