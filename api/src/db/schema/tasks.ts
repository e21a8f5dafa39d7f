// Requests (tasks), their node instances with the approvers each resolved to, their attachments and
// an audit trail of every action. Node instances copy the node's code, name and order, so a
// definition edited or deleted later leaves the task's history intact.
import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  check,
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
import type { NodeStatus, TaskStatus } from '@portal/shared/codes';
import { MAX_UPLOAD_BYTES } from '@portal/shared/limits';
import type { TFieldValues } from '@portal/shared/workflow/field-values';
import { employees } from './employees.ts';
import { organizations } from './organizations.ts';
import { users } from './users.ts';
import { nodes, workflows } from './workflows.ts';
import { bytea } from '../bytea.ts';

export const tasks = pgTable(
  'tasks',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    workflowId: integer('workflow_id')
      .notNull()
      .references(() => workflows.id, { onDelete: 'restrict' }),
    applicantId: integer('applicant_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    employeeId: integer('employee_id').references(() => employees.id, { onDelete: 'set null' }),
    /** The applicant's organisation when they submitted: routing starts from it. */
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    projectId: integer('project_id'),
    projectName: varchar('project_name', { length: 200 }),
    status: varchar({ length: 2 }).$type<TaskStatus>().notNull().default('01'),
    /** Validated form values; file fields hold null (their file is an attachment row). */
    values: jsonb().$type<TFieldValues>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('tasks_applicant_id_status_created_at_idx').on(t.applicantId, t.status, t.createdAt.desc()),
    index('tasks_workflow_id_idx').on(t.workflowId),
    check('tasks_status_check', sql`${t.status} in ('01', '02', '10', '90', '99')`),
  ],
);

export const taskNodes = pgTable(
  'task_nodes',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    nodeId: integer('node_id').references(() => nodes.id, { onDelete: 'set null' }),
    code: varchar({ length: 2 }).notNull(),
    name: varchar({ length: 100 }).notNull(),
    order: integer().notNull(),
    isObserver: boolean('is_observer').notNull().default(false),
    status: varchar({ length: 2 }).$type<NodeStatus>().notNull().default('00'),
    /** When the node last started awaiting action (status 01). */
    reachedAt: timestamp('reached_at', { withTimezone: true }),
    actedById: integer('acted_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** The approver a proxy stood in for. */
    principalId: integer('principal_id').references(() => users.id, { onDelete: 'set null' }),
    isProxy: boolean('is_proxy').notNull().default(false),
    comment: text(),
    reason: text(),
    actedAt: timestamp('acted_at', { withTimezone: true }),
  },
  (t) => [
    index('task_nodes_task_id_order_idx').on(t.taskId, t.order),
    index('task_nodes_acted_by_id_acted_at_idx').on(t.actedById, t.actedAt.desc()),
    check('task_nodes_status_check', sql`${t.status} in ('00', '01', '02', '10', '90')`),
  ],
);

/** Who a node instance resolved to (approvers; observers for code 95). */
export const taskNodeApprovers = pgTable(
  'task_node_approvers',
  {
    taskNodeId: integer('task_node_id')
      .notNull()
      .references(() => taskNodes.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.taskNodeId, t.userId] }),
    index('task_node_approvers_user_id_idx').on(t.userId),
  ],
);

/**
 * Who each approver node awaiting action (status 01) awaits: one row per approver, copied from
 * task_node_approvers with the node's reached_at. The approval list and its badge read only these
 * rows of the caller (and of the principals they stand in for), newest first from one index, instead
 * of probing every node the caller was ever an approver of. Triggers on task_nodes and
 * task_node_approvers keep it (migration 0007), so every transition updates it in its own
 * transaction, whichever code path made the change.
 */
export const taskAwaiting = pgTable(
  'task_awaiting',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taskNodeId: integer('task_node_id')
      .notNull()
      .references(() => taskNodes.id, { onDelete: 'cascade' }),
    taskId: integer('task_id').notNull(),
    reachedAt: timestamp('reached_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.taskNodeId, t.userId] }),
    // ORDER BY reached_at DESC puts nulls first: so does the index.
    index('task_awaiting_user_id_reached_at_idx').on(
      t.userId,
      t.reachedAt.desc().nullsFirst(),
      t.taskNodeId.desc().nullsFirst(),
    ),
  ],
);

/** A file field's file, kept in the database and served only to people who may see the task. */
export const attachments = pgTable(
  'attachments',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    fieldName: varchar('field_name', { length: 50 }).notNull(),
    name: varchar({ length: 255 }).notNull(),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    content: bytea().notNull(),
    size: integer()
      .notNull()
      .generatedAlwaysAs((): SQL => sql`octet_length(${attachments.content})`),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    unique('attachments_task_id_field_name_key').on(t.taskId, t.fieldName),
    check('attachments_size_check', sql`octet_length(${t.content}) <= ${sql.raw(String(MAX_UPLOAD_BYTES))}`),
  ],
);

/** The audit trail: every action on a task, by whom, in place of whom. */
export const taskEvents = pgTable(
  'task_events',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    taskNodeId: integer('task_node_id').references(() => taskNodes.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    principalId: integer('principal_id').references(() => users.id, { onDelete: 'set null' }),
    /** submit, approve, send_back, reject, resubmit, withdraw, undo, cancel_vacation. */
    action: varchar({ length: 20 }).notNull(),
    comment: text(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('task_events_task_id_idx').on(t.taskId)],
);
