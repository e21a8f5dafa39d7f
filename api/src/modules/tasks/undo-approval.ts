// Undo (承認取消): an approver takes back their approval while no later node has acted. Their node
// awaits them again, later nodes return to "not reached", a finished task returns to 01 (and its
// kind's onUndone hook runs: an approved vacation leaves the leave history). undo-info answers the
// same question without acting.
import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import type { TTask, TUndoInfo } from '@portal/shared/contracts/tasks';
import { WORKFLOW_MSG } from '@portal/shared/messages';
import type { RequestContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { taskNodes, tasks } from '../../db/schema/tasks.ts';
import { Conflict } from '../../errors.ts';
import { findVisibleTask } from './access.ts';
import { findApproverNode } from './act-on-node.ts';
import { recordTransition } from './events.ts';
import { lockTask, resetAfter } from './flow.ts';
import { kindHooksOf } from './workflow-kinds.ts';
import { toTask } from './task-views.ts';

type TaskRow = typeof tasks.$inferSelect;
type NodeRow = typeof taskNodes.$inferSelect;

/** Null when the caller may undo their approval of `node`; else why not. */
async function undoRefusal(db: Db, task: TaskRow, node: NodeRow, userId: number): Promise<string | null> {
  if (node.status !== '90' || node.actedById !== userId || task.applicantId === userId)
    return WORKFLOW_MSG.undoNothing;
  if (task.status !== '01' && task.status !== '90') return WORKFLOW_MSG.undoNotAllowed;
  const [later] = await db
    .select({ id: taskNodes.id })
    .from(taskNodes)
    .where(
      and(
        eq(taskNodes.taskId, task.id),
        eq(taskNodes.isObserver, false),
        gt(taskNodes.order, node.order),
        inArray(taskNodes.status, ['02', '10', '90']),
      ),
    )
    .limit(1);
  return later ? WORKFLOW_MSG.undoNotAllowed : null;
}

export async function getUndoInfo({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { taskId: number };
}): Promise<TUndoInfo> {
  const task = await findVisibleTask(ctx.db, input.taskId, ctx.user.id);
  const [mine] = await ctx.db
    .select()
    .from(taskNodes)
    .where(
      and(eq(taskNodes.taskId, task.id), eq(taskNodes.actedById, ctx.user.id), eq(taskNodes.status, '90')),
    )
    .orderBy(desc(taskNodes.actedAt), desc(taskNodes.id))
    .limit(1);
  if (!mine) return { can_undo: false, node_id: null, message: WORKFLOW_MSG.undoNothing };
  const refusal = await undoRefusal(ctx.db, task, mine, ctx.user.id);
  return { can_undo: refusal === null, node_id: mine.id, message: refusal };
}

export async function undoApproval({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { taskId: number; nodeId: number };
}): Promise<TTask> {
  await findVisibleTask(ctx.db, input.taskId, ctx.user.id);
  await findApproverNode(ctx.db, input.taskId, input.nodeId);
  const fresh = await ctx.db.transaction(async (tx) => {
    const task = await lockTask(tx, input.taskId);
    const node = await findApproverNode(tx, input.taskId, input.nodeId);
    const refusal = await undoRefusal(tx, task!, node, ctx.user.id);
    if (refusal) throw new Conflict(refusal);
    await tx
      .update(taskNodes)
      .set({
        status: '01',
        reachedAt: new Date(),
        actedById: null,
        actedAt: null,
        principalId: null,
        isProxy: false,
        comment: null,
      })
      .where(eq(taskNodes.id, node.id));
    await resetAfter(tx, task!.id, node.order);
    const [updated] = await tx
      .update(tasks)
      .set({ status: '01', finishedAt: null, updatedAt: new Date() })
      .where(eq(tasks.id, task!.id))
      .returning();
    if (task!.status === '90') {
      const hooks = await kindHooksOf(tx, task!.workflowId);
      await hooks.onUndone?.(tx, updated!);
    }
    await recordTransition(tx, {
      taskId: task!.id,
      action: 'undo',
      actorId: ctx.user.id,
      taskNodeId: node.id,
      status: '01',
      bells: [],
    });
    return updated!;
  });
  return toTask(ctx.db, fresh, ctx.user.id);
}
