// The shared part of approve / send back / reject: the task must be visible (else 404), the node one
// of its approver nodes (else 404), the caller one of its approvers or a proxy of one today (else
// 403); then, under the task's row lock, the node must still await action: a conditional update
// that only one of simultaneous callers can win. The others get 409.
import { and, eq } from 'drizzle-orm';
import { WORKFLOW_MSG } from '@portal/shared/messages';
import type { RequestContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { taskNodes, tasks } from '../../db/schema/tasks.ts';
import { workflows } from '../../db/schema/workflows.ts';
import { Conflict, NotFound, PermissionDenied } from '../../errors.ts';
import { findVisibleTask } from './access.ts';
import { approversOf, capacityOf, lockTask } from './flow.ts';
import { toTask } from './task-views.ts';
import type { TTask } from '@portal/shared/contracts/tasks';

type TaskRow = typeof tasks.$inferSelect;
type NodeRow = typeof taskNodes.$inferSelect;
type WorkflowRow = typeof workflows.$inferSelect;

export interface NodeAction {
  readonly task: TaskRow;
  readonly node: NodeRow;
  readonly workflow: WorkflowRow;
  readonly principalId: number | null;
}

export async function findApproverNode(db: Db, taskId: number, nodeId: number): Promise<NodeRow> {
  const [node] = await db
    .select()
    .from(taskNodes)
    .where(and(eq(taskNodes.id, nodeId), eq(taskNodes.taskId, taskId), eq(taskNodes.isObserver, false)));
  if (!node) throw new NotFound();
  return node;
}

export async function actOnNode(
  ctx: RequestContext,
  ids: { taskId: number; nodeId: number },
  change: Partial<typeof taskNodes.$inferInsert> & { status: '90' | '02' | '10' },
  then: (tx: Db, action: NodeAction) => Promise<void>,
): Promise<TTask> {
  await findVisibleTask(ctx.db, ids.taskId, ctx.user.id);
  const node = await findApproverNode(ctx.db, ids.taskId, ids.nodeId);
  const capacity = await capacityOf(ctx.db, await approversOf(ctx.db, node.id), ctx.user.id);
  if (!capacity) throw new PermissionDenied(WORKFLOW_MSG.nodeNotAwaitingYou);

  const task = await ctx.db.transaction(async (tx) => {
    const locked = await lockTask(tx, ids.taskId);
    if (!locked || locked.status !== '01') throw new Conflict(WORKFLOW_MSG.nodeNotAwaitingYou);
    const [acted] = await tx
      .update(taskNodes)
      .set({
        ...change,
        actedById: ctx.user.id,
        principalId: capacity.principalId,
        isProxy: capacity.principalId !== null,
        actedAt: new Date(),
      })
      .where(and(eq(taskNodes.id, node.id), eq(taskNodes.status, '01')))
      .returning();
    if (!acted) throw new Conflict(WORKFLOW_MSG.nodeNotAwaitingYou);
    const [workflow] = await tx.select().from(workflows).where(eq(workflows.id, locked.workflowId));
    await then(tx, { task: locked, node: acted, workflow: workflow!, principalId: capacity.principalId });
    const [fresh] = await tx.select().from(tasks).where(eq(tasks.id, ids.taskId));
    return fresh!;
  });
  return toTask(ctx.db, task, ctx.user.id);
}
