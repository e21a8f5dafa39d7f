// Workflow definitions: the form (spec §3.2) and the approver/observer nodes (architecture.md
// "Workflow lifecycle"). Tasks snapshot what they need of a node, so editing a definition never
// rewrites a running or finished task.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import type { TFieldDataType, TWorkflowKind } from '@portal/shared/workflow/codes';
import { users } from './users.ts';

export const workflows = pgTable('workflows', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: varchar({ length: 100 }).notNull(),
  category: varchar({ length: 50 }).notNull().default(''),
  description: text().notNull().default(''),
  /** WORKFLOW_KINDS: what the engine does beyond routing (vacation balance, asset stock…). */
  kind: varchar({ length: 20 }).$type<TWorkflowKind>().notNull().default('general'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

export const workflowFields = pgTable(
  'workflow_fields',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    workflowId: integer('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    name: varchar({ length: 50 }).notNull(),
    label: varchar({ length: 100 }).notNull(),
    dataType: varchar('data_type', { length: 20 }).$type<TFieldDataType>().notNull().default('string'),
    /** Fields with the same order share one row of the form. */
    order: integer().notNull(),
    isRequired: boolean('is_required').notNull().default(false),
    isReadonly: boolean('is_readonly').notNull().default(false),
    maxLength: integer('max_length'),
    helpText: text('help_text').notNull().default(''),
    default: text(),
    choices: jsonb().$type<{ value: string; text: string }[]>().notNull().default([]),
    step: doublePrecision(),
    multiple: boolean().notNull().default(false),
    dataSource: varchar('data_source', { length: 200 }),
    fieldForInit: varchar('field_for_init', { length: 50 }),
  },
  (t) => [unique('workflow_fields_workflow_id_name_key').on(t.workflowId, t.name)],
);

export const nodes = pgTable(
  'nodes',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    workflowId: integer('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'cascade' }),
    /** Two digits; '95' is an observer node. */
    code: varchar({ length: 2 }).notNull(),
    name: varchar({ length: 100 }).notNull(),
    /** Nodes with the same order form a parallel group. */
    order: integer().notNull(),
    /** NODE_DISPATCHES; null when the node names its approvers (or is an observer node). */
    nodeDispatch: varchar('node_dispatch', { length: 2 }).$type<'01' | '02'>(),
    selfDispatch: varchar('self_dispatch', { length: 2 }).$type<'01' | '02'>().notNull().default('01'),
    /** OBSERVER_DISPATCHES, observer nodes only. */
    observerDispatch: varchar('observer_dispatch', { length: 2 }),
  },
  (t) => [
    index('nodes_workflow_id_order_idx').on(t.workflowId, t.order),
    check('nodes_code_check', sql`${t.code} ~ '^[0-9]{2}$'`),
    check('nodes_node_dispatch_check', sql`${t.nodeDispatch} in ('01', '02')`),
    check('nodes_self_dispatch_check', sql`${t.selfDispatch} in ('01', '02')`),
  ],
);

/** Named approvers of a node (observers, for an observer node). */
export const nodeApprovers = pgTable(
  'node_approvers',
  {
    nodeId: integer('node_id')
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.nodeId, t.userId] }), index('node_approvers_user_id_idx').on(t.userId)],
);
