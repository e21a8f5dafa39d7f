// Workflow and node administration (spec §7.3). Reading needs workflow.view_workflow /
// workflow.view_node, writing the matching add/change/delete permission (else 403).
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { TChoice } from '@portal/shared/contracts/choices';
import { PAGE_SIZE } from '@portal/shared/contracts/pagination';
import type {
  TNode,
  TNodeChoiceQuery,
  TNodeListQuery,
  TWorkflow,
  TWorkflowListQuery,
} from '@portal/shared/contracts/workflows';
import { ZNodeRequest, ZWorkflowPatchRequest, ZWorkflowRequest } from '@portal/shared/contracts/workflows';
import { WORKFLOW_MSG } from '@portal/shared/messages';
import { PERM } from '@portal/shared/permissions';
import type { z } from 'zod';
import type { RequestContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { tasks } from '../../db/schema/tasks.ts';
import { users } from '../../db/schema/users.ts';
import { nodeApprovers, nodes, workflowFields, workflows } from '../../db/schema/workflows.ts';
import { Conflict, NotFound, ValidationError } from '../../errors.ts';
import { pageOffset } from '../../pagination.ts';
import * as repo from './workflow.repository.ts';

type NodeInput = z.output<typeof ZNodeRequest>;

/** Bodies are parsed after the permission check, so a caller without it learns nothing but 403. */
function parse<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw ValidationError.fromZod(result.error);
  return result.data;
}

async function findWorkflow(ctx: RequestContext, id: number) {
  const [row] = await ctx.db.select().from(workflows).where(eq(workflows.id, id));
  if (!row) throw new NotFound();
  return row;
}

async function findNode(ctx: RequestContext, id: number) {
  const [row] = await ctx.db.select().from(nodes).where(eq(nodes.id, id));
  if (!row) throw new NotFound();
  return row;
}

export async function listWorkflows({ ctx, input }: { ctx: RequestContext; input: TWorkflowListQuery }) {
  await ctx.require(PERM.viewWorkflow);
  const where = input.query ? repo.nameContains(input.query) : undefined;
  const [total] = await ctx.db.select({ n: count() }).from(workflows).where(where);
  const rows = await ctx.db
    .select()
    .from(workflows)
    .where(where)
    .orderBy(asc(workflows.id))
    .limit(PAGE_SIZE)
    .offset(pageOffset(input.page));
  return { count: total?.n ?? 0, results: await repo.summaries(ctx.db, rows) };
}

export async function getWorkflow({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { id: number };
}): Promise<TWorkflow> {
  await ctx.require(PERM.viewWorkflow);
  return repo.workflowDetail(ctx.db, await findWorkflow(ctx, input.id));
}

/** The header columns of a workflow, as POST and PUT take them. */
function workflowValues(body: z.infer<typeof ZWorkflowRequest>) {
  return {
    name: body.name,
    category: body.category,
    description: body.description,
    kind: body.kind,
    isActive: body.is_active,
  };
}

export async function createWorkflow({
  ctx,
  input: raw,
}: {
  ctx: RequestContext;
  input: unknown;
}): Promise<TWorkflow> {
  await ctx.require(PERM.addWorkflow);
  const input = parse(ZWorkflowRequest, raw);
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx.insert(workflows).values(workflowValues(input)).returning();
    await repo.insertFields(tx, created!.id, input.fields);
    return created!;
  });
  return repo.workflowDetail(ctx.db, row);
}

/** PUT: the header and the whole form; tasks keep their values by field name. */
export async function replaceWorkflow({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { id: number; body: unknown };
}): Promise<TWorkflow> {
  await ctx.require(PERM.changeWorkflow);
  const body = parse(ZWorkflowRequest, input.body);
  await findWorkflow(ctx, input.id);
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(workflows)
      .set({ ...workflowValues(body), updatedAt: new Date() })
      .where(eq(workflows.id, input.id))
      .returning();
    await tx.delete(workflowFields).where(eq(workflowFields.workflowId, input.id));
    await repo.insertFields(tx, input.id, body.fields);
    return updated!;
  });
  return repo.workflowDetail(ctx.db, row);
}

export async function patchWorkflow({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { id: number; body: unknown };
}): Promise<TWorkflow> {
  await ctx.require(PERM.changeWorkflow);
  const { name, category, description, is_active } = parse(ZWorkflowPatchRequest, input.body);
  await findWorkflow(ctx, input.id);
  const [row] = await ctx.db
    .update(workflows)
    .set({ name, category, description, isActive: is_active, updatedAt: new Date() })
    .where(eq(workflows.id, input.id))
    .returning();
  return repo.workflowDetail(ctx.db, row!);
}

export async function deleteWorkflow({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { id: number };
}): Promise<void> {
  await ctx.require(PERM.deleteWorkflow);
  await findWorkflow(ctx, input.id);
  await ctx.db.transaction(async (tx) => {
    const [used] = await tx
      .select({ id: tasks.id })
      .from(tasks)
      .where(eq(tasks.workflowId, input.id))
      .limit(1);
    if (used) throw new Conflict(WORKFLOW_MSG.workflowInUse);
    await tx.delete(workflows).where(eq(workflows.id, input.id));
  });
}

export async function listWorkflowNodes({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { id: number };
}): Promise<TNode[]> {
  await ctx.require(PERM.viewNode);
  await findWorkflow(ctx, input.id);
  const rows = await ctx.db
    .select()
    .from(nodes)
    .where(eq(nodes.workflowId, input.id))
    .orderBy(asc(nodes.order), asc(nodes.code), asc(nodes.id));
  return repo.toNodes(ctx.db, rows);
}

export async function listNodes({ ctx, input }: { ctx: RequestContext; input: TNodeListQuery }) {
  await ctx.require(PERM.viewNode);
  const where = input.workflow === undefined ? undefined : eq(nodes.workflowId, input.workflow);
  const [total] = await ctx.db.select({ n: count() }).from(nodes).where(where);
  const rows = await ctx.db
    .select()
    .from(nodes)
    .where(where)
    .orderBy(asc(nodes.workflowId), asc(nodes.order), asc(nodes.code), asc(nodes.id))
    .limit(PAGE_SIZE)
    .offset(pageOffset(input.page));
  return { count: total?.n ?? 0, results: await repo.toNodes(ctx.db, rows) };
}

export async function getNode({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { id: number };
}): Promise<TNode> {
  await ctx.require(PERM.viewNode);
  const [node] = await repo.toNodes(ctx.db, [await findNode(ctx, input.id)]);
  return node!;
}

/** The workflow must exist and the named approvers be active users (400 under the field otherwise). */
async function checkNodeRefs(ctx: RequestContext, body: NodeInput): Promise<void> {
  const [workflow] = await ctx.db
    .select({ id: workflows.id })
    .from(workflows)
    .where(eq(workflows.id, body.workflow_id));
  if (!workflow) throw ValidationError.field('workflow_id', 'ワークフローが見つかりません。');
  if (body.approver_ids.length === 0) return;
  const found = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, body.approver_ids), eq(users.isActive, true)));
  if (found.length !== new Set(body.approver_ids).size)
    throw ValidationError.field('approver_ids', '承認者に存在しないユーザーが含まれています。');
}

function nodeValues(body: NodeInput) {
  return {
    workflowId: body.workflow_id,
    code: body.code,
    name: body.name,
    order: body.order,
    nodeDispatch: body.node_dispatch,
    selfDispatch: body.self_dispatch,
    observerDispatch: body.observer_dispatch,
  };
}

async function insertApprovers(tx: Db, nodeId: number, approverIds: readonly number[]): Promise<void> {
  const ids = [...new Set(approverIds)];
  if (ids.length) await tx.insert(nodeApprovers).values(ids.map((userId) => ({ nodeId, userId })));
}

export async function createNode({
  ctx,
  input: raw,
}: {
  ctx: RequestContext;
  input: unknown;
}): Promise<TNode> {
  await ctx.require(PERM.addNode);
  const input = parse(ZNodeRequest, raw);
  await checkNodeRefs(ctx, input);
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx.insert(nodes).values(nodeValues(input)).returning();
    await insertApprovers(tx, created!.id, input.approver_ids);
    return created!;
  });
  return (await repo.toNodes(ctx.db, [row]))[0]!;
}

export async function replaceNode({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { id: number; body: unknown };
}): Promise<TNode> {
  await ctx.require(PERM.changeNode);
  const body = parse(ZNodeRequest, input.body);
  await findNode(ctx, input.id);
  await checkNodeRefs(ctx, body);
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx.update(nodes).set(nodeValues(body)).where(eq(nodes.id, input.id)).returning();
    await tx.delete(nodeApprovers).where(eq(nodeApprovers.nodeId, input.id));
    await insertApprovers(tx, input.id, body.approver_ids);
    return updated!;
  });
  return (await repo.toNodes(ctx.db, [row]))[0]!;
}

/** Running and finished tasks keep their copy of the node, so deleting it is always allowed. */
export async function deleteNode({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { id: number };
}): Promise<void> {
  await ctx.require(PERM.deleteNode);
  await findNode(ctx, input.id);
  await ctx.db.delete(nodes).where(eq(nodes.id, input.id));
}

export async function formChoices({ ctx }: { ctx: RequestContext }): Promise<TChoice[]> {
  await ctx.require([PERM.viewWorkflow, PERM.viewNode]);
  const rows = await ctx.db
    .select({ value: workflows.id, text: workflows.name })
    .from(workflows)
    .orderBy(asc(workflows.id));
  return rows;
}

export async function nodeChoices({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: TNodeChoiceQuery;
}): Promise<TChoice[]> {
  await ctx.require(PERM.viewNode);
  return ctx.db
    .select({ value: nodes.id, text: nodes.name })
    .from(nodes)
    .where(input.workflow === undefined ? undefined : eq(nodes.workflowId, input.workflow))
    .orderBy(asc(nodes.workflowId), asc(nodes.order), desc(nodes.id));
}
