// The task as the screens read it: ZTask (spec §3.1), its form (§3.2) and its node instances (§3.9).
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  labelOf,
  NODE_STATUSES,
  TASK_STATUSES,
  type NodeStatus,
  type TaskStatus,
} from '@portal/shared/codes';
import type { TTask, TTaskFormField, TTaskNode } from '@portal/shared/contracts/tasks';
import type { Db } from '../../db/client.ts';
import { employees } from '../../db/schema/employees.ts';
import type { tasks } from '../../db/schema/tasks.ts';
import { attachments, taskNodeApprovers, taskNodes } from '../../db/schema/tasks.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { users } from '../../db/schema/users.ts';
import { workflows } from '../../db/schema/workflows.ts';
import { queryRows } from '../../db/query-rows.ts';
import { employeeName, userDisplayName, userNames } from '../people/display-names.ts';
import { loadFields } from './form-values.ts';
import { allowedActions } from './node-rules.ts';
import { kindHooks } from './workflow-kinds.ts';

type TaskRow = typeof tasks.$inferSelect;
type WorkflowRow = typeof workflows.$inferSelect;

/** The table aliases of taskDetails' SQL. */
const u = alias(users, 'u');
const ue = alias(employees, 'ue');
const e = alias(employees, 'e');

/** The applicant's name, employee, organisation path and current nodes of a task, in one query. */
export async function taskDetails(db: Db, task: TaskRow) {
  const [row] = await queryRows<{
    applicant_name: string | null;
    employee_code: string | null;
    employee_name: string | null;
    current_node_name: string | null;
    org: string | { id: number | null; name: string | null; full_name: string | null } | null;
  }>(
    db,
    sql`
    select
      ${userDisplayName(u, ue)} as applicant_name,
      e.code as employee_code, ${employeeName(e)} as employee_name,
      (select string_agg(n.name, '、' order by n.id) from ${taskNodes} n
        where n.task_id = ${task.id} and n.status = '01') as current_node_name,
      (with recursive chain(id, name, parent_id, depth) as (
          select id, name, parent_id, 0 from ${organizations} where id = ${task.organizationId}
          union all
          select o.id, o.name, o.parent_id, c.depth + 1
          from ${organizations} o join chain c on o.id = c.parent_id where c.depth < 20)
        select json_build_object(
          'id', (select id from chain where depth = 0),
          'name', (select name from chain where depth = 0),
          'full_name', string_agg(name, ' ' order by depth desc))
        from chain) as org
    from ${users} u
    left join ${employees} ue on ue.user_id = u.id
    left join ${employees} e on e.id = ${task.employeeId}
    where u.id = ${task.applicantId}`,
  );
  // json comes back parsed from PGlite, as text from node-postgres through drizzle's execute.
  const org = typeof row?.org === 'string' ? (JSON.parse(row.org) as typeof row.org) : row?.org;
  return {
    applicantName: row?.applicant_name ?? '',
    employee: row?.employee_code == null ? null : { code: row.employee_code, name: row.employee_name ?? '' },
    currentNodeName: row?.current_node_name ?? null,
    org: typeof org === 'object' && org?.id != null ? org : null,
  };
}

/** A task's status code and its name (spec §3.1), as every view shows them. */
export function taskStatusOf(task: Pick<TaskRow, 'status'>): { status: TaskStatus; status_name: string } {
  const status = task.status as TaskStatus;
  return { status, status_name: labelOf(TASK_STATUSES, status) };
}

/** A node instance's status code and its name (spec §3.9). */
export function nodeStatusOf(node: { status: string }): { status: NodeStatus; status_name: string } {
  const status = node.status as NodeStatus;
  return { status, status_name: labelOf(NODE_STATUSES, status) };
}

/** `workflow` when the caller already has the task's workflow row. */
export async function toTask(
  db: Db,
  task: TaskRow,
  viewerId: number,
  workflowRow?: WorkflowRow,
): Promise<TTask> {
  const workflow =
    workflowRow ?? (await db.select().from(workflows).where(eq(workflows.id, task.workflowId)))[0];
  const details = await taskDetails(db, task);
  const hooks = workflow ? kindHooks(workflow.kind) : null;
  const cancellable = !!hooks?.cancellable;
  const allowed = await allowedActions(db, task, viewerId, cancellable);
  return {
    id: task.id,
    workflow: task.workflowId,
    workflow_name: workflow?.name ?? '',
    workflow_kind: workflow?.kind ?? 'general',
    ...taskStatusOf(task),
    applicant_id: task.applicantId,
    employee_name: details.employee ? details.employee.name : details.applicantName,
    employee_code: details.employee?.code ?? null,
    project_id: task.projectId,
    project_name: task.projectName,
    org_id: details.org?.id ?? null,
    org_name: details.org?.name ?? null,
    org_full_name: details.org?.full_name ?? null,
    current_node_name: details.currentNodeName,
    created_at: task.createdAt.toISOString(),
    updated_at: task.updatedAt.toISOString(),
    finished_at: task.finishedAt?.toISOString() ?? null,
    can_resubmit: allowed.actions.includes('resubmit'),
    can_withdraw: allowed.actions.includes('withdraw'),
    can_cancel_vacation: allowed.actions.includes('cancel_vacation'),
    allowed_actions: allowed.actions,
    actionable_node_ids: allowed.nodeIds,
    reject_reasons: hooks?.rejectReasons ? [...hooks.rejectReasons] : null,
  };
}

export async function toTaskNodes(db: Db, task: TaskRow): Promise<TTaskNode[]> {
  const rows = await db
    .select()
    .from(taskNodes)
    .where(eq(taskNodes.taskId, task.id))
    .orderBy(asc(taskNodes.isObserver), asc(taskNodes.order), asc(taskNodes.code), asc(taskNodes.id));
  const links = rows.length
    ? await db
        .select()
        .from(taskNodeApprovers)
        .where(
          inArray(
            taskNodeApprovers.taskNodeId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(taskNodeApprovers.userId))
    : [];
  const names = await userNames(db, [
    ...links.map((l) => l.userId),
    ...rows.flatMap((r) => [r.actedById, r.principalId].filter((id): id is number => id !== null)),
  ]);
  return rows.map((row) => {
    const approvers = links
      .filter((l) => l.taskNodeId === row.id)
      .map((l) => ({ id: l.userId, name: names.get(l.userId) ?? '' }));
    return {
      id: row.id,
      node_code: row.code,
      node_name: row.name,
      order: row.order,
      is_observer: row.isObserver,
      ...nodeStatusOf(row),
      approvers,
      approver_name: approvers.map((a) => a.name).join('、'),
      acted_by_id: row.actedById,
      acted_by_name: row.actedById === null ? null : (names.get(row.actedById) ?? null),
      is_proxy: row.isProxy,
      principal_name: row.principalId === null ? null : (names.get(row.principalId) ?? null),
      comment: row.comment,
      reason: row.reason,
      acted_at: row.actedAt?.toISOString() ?? null,
      task_status: task.status as TaskStatus,
    };
  });
}

export async function toTaskForm(db: Db, task: TaskRow): Promise<TTaskFormField[]> {
  const fields = await loadFields(db, task.workflowId);
  const files = await db
    .select({ id: attachments.id, fieldName: attachments.fieldName, name: attachments.name })
    .from(attachments)
    .where(eq(attachments.taskId, task.id));
  return fields.map((field) => {
    const file = files.find((f) => f.fieldName === field.name);
    return {
      id: field.id,
      name: field.name,
      data_type: field.dataType,
      label: field.label,
      choices: field.choices,
      value: field.dataType === 'file' ? null : (task.values[field.name] ?? null),
      is_required: field.isRequired,
      is_readonly: field.isReadonly,
      max_length: field.maxLength,
      help_text: field.helpText,
      order: field.order,
      step: field.step,
      multiple: field.multiple,
      data_source: field.dataSource,
      field_for_init: field.fieldForInit,
      attachment: file?.id ?? null,
      attachment_name: file?.name ?? null,
    };
  });
}
