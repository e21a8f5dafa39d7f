// Read calls of a task and of the workflows one may apply for. Every task read goes through
// findVisibleTask: someone with no part in the task gets 404.
import { and, asc, eq } from 'drizzle-orm';
import { OBSERVER_NODE_CODE } from '@portal/shared/codes';
import type { TAttachmentDownload } from '@portal/shared/contracts/attachments';
import type {
  TApplicableWorkflow,
  TApplicableWorkflowDetail,
  TTask,
  TTaskFormField,
  TTaskNode,
  TWorkflowFormSchema,
} from '@portal/shared/contracts/tasks';
import { defaultValueOf } from '@portal/shared/workflow/field-values';
import type { RequestContext } from '../../context.ts';
import { attachments, tasks } from '../../db/schema/tasks.ts';
import { nodes, workflows } from '../../db/schema/workflows.ts';
import { NotFound } from '../../errors.ts';
import { visibleTo, findVisibleTask } from './access.ts';
import { loadFields, ruleOf } from './form-values.ts';
import { findActiveWorkflow } from './submit-task.ts';
import { toTask, toTaskForm, toTaskNodes } from './task-views.ts';

export async function listApplicableWorkflows({
  ctx,
}: {
  ctx: RequestContext;
}): Promise<TApplicableWorkflow[]> {
  return ctx.db
    .select({
      id: workflows.id,
      name: workflows.name,
      category: workflows.category,
      description: workflows.description,
      kind: workflows.kind,
    })
    .from(workflows)
    .where(eq(workflows.isActive, true))
    .orderBy(asc(workflows.category), asc(workflows.id));
}

export async function getApplicableWorkflow({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { workflowId: number };
}): Promise<TApplicableWorkflowDetail> {
  const workflow = await findActiveWorkflow(ctx, input.workflowId);
  const rows = await ctx.db
    .select()
    .from(nodes)
    .where(eq(nodes.workflowId, workflow.id))
    .orderBy(asc(nodes.order), asc(nodes.code), asc(nodes.id));
  return {
    id: workflow.id,
    name: workflow.name,
    category: workflow.category,
    description: workflow.description,
    kind: workflow.kind,
    nodes: rows.map((n) => ({
      id: n.id,
      code: n.code,
      name: n.name,
      order: n.order,
      is_observer: n.code === OBSERVER_NODE_CODE,
    })),
  };
}

export async function getWorkflowFormSchema({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { workflowId: number };
}): Promise<TWorkflowFormSchema> {
  const workflow = await findActiveWorkflow(ctx, input.workflowId);
  const fields = await loadFields(ctx.db, workflow.id);
  return {
    workflow: workflow.id,
    name: workflow.name,
    kind: workflow.kind,
    fields: fields.map((f) => ({
      name: f.name,
      label: f.label,
      data_type: f.dataType,
      order: f.order,
      required: f.isRequired,
      read_only: f.isReadonly,
      help_text: f.helpText,
      choices: f.choices,
      max_length: f.maxLength,
      step: f.step,
      default: defaultValueOf(ruleOf(f), f.default),
      multiple: f.multiple,
      data_source: f.dataSource,
      field_for_init: f.fieldForInit,
    })),
  };
}

export async function getTask({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { taskId: number };
}): Promise<TTask> {
  return toTask(ctx.db, await findVisibleTask(ctx.db, input.taskId, ctx.user.id), ctx.user.id);
}

export async function getTaskForm({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { taskId: number };
}): Promise<TTaskFormField[]> {
  return toTaskForm(ctx.db, await findVisibleTask(ctx.db, input.taskId, ctx.user.id));
}

export async function getTaskNodes({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { taskId: number };
}): Promise<TTaskNode[]> {
  return toTaskNodes(ctx.db, await findVisibleTask(ctx.db, input.taskId, ctx.user.id));
}

/** GET /api/attachment/{id}/download/: only for people who may see the attachment's task. */
export async function downloadAttachment({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { attachmentId: number };
}): Promise<TAttachmentDownload> {
  const [row] = await ctx.db
    .select({ name: attachments.name, content: attachments.content, contentType: attachments.contentType })
    .from(attachments)
    .innerJoin(tasks, eq(tasks.id, attachments.taskId))
    .where(and(eq(attachments.id, input.attachmentId), visibleTo(ctx.user.id)));
  if (!row) throw new NotFound();
  return {
    name: row.name,
    content: row.content.toString('base64'),
    content_type: row.contentType,
    size: row.content.length,
  };
}
