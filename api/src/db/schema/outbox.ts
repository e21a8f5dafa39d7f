// The transactional outbox (architecture.md "Notifications and the bot"): every task transition
// writes a row in its own transaction; a relay hands unsent rows to the queue and marks them sent.
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

export const outbox = pgTable(
  'outbox',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    /** The job name, e.g. 'task.node_reached', 'task.finished'. */
    topic: varchar({ length: 100 }).notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    /** The bot never posts the same card twice for one key. */
    idempotencyKey: varchar('idempotency_key', { length: 200 }).notNull().unique(),
    attempts: integer().notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_unsent_idx')
      .on(t.id)
      .where(sql`${t.sentAt} is null`),
  ],
);
