// The approval cards the bot posted in Lark: which message shows which node to whom, so a later
// event (the web acted, the task was withdrawn) can update the cards already sent.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import { taskNodes, tasks } from './tasks.ts';
import { users } from './users.ts';

export const larkCardMessages = pgTable(
  'lark_card_messages',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    taskNodeId: integer('task_node_id')
      .notNull()
      .references(() => taskNodes.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageId: varchar('message_id', { length: 100 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    // One live card per node and person: a node reached again (after a resubmission) gets a new
    // card, and the old one, already showing how the earlier round ended, is left as it is.
    unique('lark_card_messages_task_node_id_user_id_key').on(t.taskNodeId, t.userId),
    index('lark_card_messages_task_id_idx').on(t.taskId),
  ],
);
