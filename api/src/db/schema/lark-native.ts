// What the bot's Lark-native parts keep (docs/bot.md "Lark-native"): the Approval Center definition
// Lark created for each workflow (its approval_code, and the name it was last given), and the Lark
// time-off events an approved vacation made, so that undoing it deletes them.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import { tasks } from './tasks.ts';
import { workflows } from './workflows.ts';

export const larkApprovalDefinitions = pgTable('lark_approval_definitions', {
  workflowId: integer('workflow_id')
    .primaryKey()
    .references(() => workflows.id, { onDelete: 'cascade' }),
  /** The code Lark answered at creation; instances name it. */
  approvalCode: varchar('approval_code', { length: 100 }).notNull(),
  /** The workflow's name when the definition was last sent: a rename sends it again. */
  name: varchar({ length: 200 }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

export const larkTimeoffEvents = pgTable(
  'lark_timeoff_events',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    /** Which part of the vacation (whole days, a half day's date) the event covers. */
    part: varchar({ length: 40 }).notNull(),
    timeoffEventId: varchar('timeoff_event_id', { length: 100 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    unique('lark_timeoff_events_task_id_part_key').on(t.taskId, t.part),
    index('lark_timeoff_events_task_id_idx').on(t.taskId),
  ],
);
