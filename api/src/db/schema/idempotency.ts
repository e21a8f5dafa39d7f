// What a POST with an Idempotency-Key answered, per user and key, for a day: a retry of the same
// submission (the answer was lost on a phone's connection) gets that answer instead of creating twice.
import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: varchar({ length: 255 }).notNull(),
    /** Method, path and a hash of the body: the same key with another request is refused. */
    fingerprint: text().notNull(),
    /** Null while the first request is still being handled. */
    status: smallint(),
    body: jsonb(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('idempotency_keys_created_at_idx').on(t.createdAt),
  ],
);
