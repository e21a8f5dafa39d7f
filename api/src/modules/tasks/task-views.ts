// The task as the screens read it: ZTask (spec §3.1), its form (§3.2) and its node instances (§3.9).
import { and, asc, eq, inArray } from 'drizzle-orm';
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
import { users } from '../../db/schema/users.ts';
import { workflowFields, workflows } from '../../db/schema/workflows.ts';
import { orgChain } from './org-chain.ts';

type TaskRow = typeof tasks.$inferSelect;

/** Display names of users: the employee's '姓 名', else the account's full name, else the username. */
export async function userNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      fullName: users.fullName,
      username: users.username,
      lastName: employees.lastName,
      firstName: employees.firstName,
    })
    .from(users)
    .leftJoin(employees, eq(employees.userId, users.id))
    .where(inArray(users.id, unique));
  return new Map(
    rows.map((r) => [r.id, r.lastName ? `${r.lastName} ${r.firstName}` : r.fullName || r.username]),
  );
}

export async function currentNodeNames(db: Db, taskIds: readonly number[]): Promise<Map<number, string>> {
  if (taskIds.length === 0) return new Map();
  const rows = await db
    .select({ taskId: taskNodes.taskId, name: taskNodes.name })
    .from(taskNodes)
    .where(and(inArray(taskNodes.taskId, [...taskIds]), eq(taskNodes.status, '01')))
    .orderBy(asc(taskNodes.id));
  const names = new Map<number, string>();
  for (const row of rows)
    names.set(row.taskId, names.has(row.taskId) ? `${names.get(row.taskId)}、${row.name}` : row.name);
  return names;
}

export async function toTask(db: Db, task: TaskRow, viewerId: number): Promise<TTask> {
  const [workflow] = await db.select().from(workflows).where(eq(workflows.id, task.workflowId));
  const [employee] = task.employeeId
    ? await db.select().from(employees).where(eq(employees.id, task.employeeId))
    : [];
  const names = await userNames(db, [task.applicantId]);
  const chain = task.organizationId ? await orgChain(db, task.organizationId) : [];
  const current = await currentNodeNames(db, [task.id]);
  const isApplicant = task.applicantId === viewerId;
  const status = task.status as TaskStatus;
  return {
    id: task.id,
    workflow: task.workflowId,
    workflow_name: workflow?.name ?? '',
    workflow_kind: workflow?.kind ?? 'general',
    status,
    status_name: labelOf(TASK_STATUSES, status),
    applicant_id: task.applicantId,
    employee_name: employee
      ? `${employee.lastName} ${employee.firstName}`
      : (names.get(task.applicantId) ?? ''),
    employee_code: employee?.code ?? null,
    project_id: task.projectId,
    project_name: task.projectName,
    org_id: chain[0]?.id ?? null,
    org_name: chain[0]?.name ?? null,
    org_full_name: chain.length
      ? chain
          .map((o) => o.name)
          .reverse()
          .join(' ')
      : null,
    current_node_name: current.get(task.id) ?? null,
    created_at: task.createdAt.toISOString(),
    updated_at: task.updatedAt.toISOString(),
    finished_at: task.finishedAt?.toISOString() ?? null,
    can_resubmit: isApplicant && status === '02',
    can_withdraw: isApplicant && (status === '01' || status === '02'),
    can_cancel_vacation: isApplicant && status === '90' && workflow?.kind === 'vacation',
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
    const status = row.status as NodeStatus;
    return {
      id: row.id,
      node_code: row.code,
      node_name: row.name,
      order: row.order,
      is_observer: row.isObserver,
      status,
      status_name: labelOf(NODE_STATUSES, status),
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
  const fields = await db
    .select()
    .from(workflowFields)
    .where(eq(workflowFields.workflowId, task.workflowId))
    .orderBy(asc(workflowFields.order), asc(workflowFields.id));
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
