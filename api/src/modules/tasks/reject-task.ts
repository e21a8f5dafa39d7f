// Reject (却下): the node → 10 with the reason, the task → 10 (finished). The kind may restrict the
// reason (a vacation request takes one of three fixed reasons).
import { eq } from 'drizzle-orm';
import type { TTask } from '@portal/shared/contracts/tasks';
import type { RequestContext } from '../../context.ts';
import { tasks } from '../../db/schema/tasks.ts';
import { workflows } from '../../db/schema/workflows.ts';
import { findVisibleTask } from './access.ts';
import { actOnNode } from './act-on-node.ts';
import { rejectedBell } from './bells.ts';
import { recordTransition } from './events.ts';
import { parkAwaitingNodes } from './flow.ts';
import { kindHooks } from './workflow-kinds.ts';

async function reasonFor(ctx: RequestContext, taskId: number, reason: string): Promise<string> {
  await findVisibleTask(ctx.db, taskId, ctx.user.id);
  const [row] = await ctx.db
    .select({ kind: workflows.kind })
    .from(tasks)
    .innerJoin(workflows, eq(workflows.id, tasks.workflowId))
    .where(eq(tasks.id, taskId));
  const restrict = row && kindHooks(row.kind).rejectReason;
  return restrict ? restrict(reason) : reason;
}

export async function rejectTask({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { taskId: number; nodeId: number; reason: string; comment: string | null };
}): Promise<TTask> {
  const reason = await reasonFor(ctx, input.taskId, input.reason);
  return actOnNode(
    ctx,
    input,
    { status: '10', reason, comment: input.comment },
    async (tx, { task, node, workflow, principalId }) => {
      await parkAwaitingNodes(tx, task.id);
      await tx
        .update(tasks)
        .set({ status: '10', updatedAt: new Date(), finishedAt: new Date() })
        .where(eq(tasks.id, task.id));
      await recordTransition(tx, {
        taskId: task.id,
        action: 'reject',
        actorId: ctx.user.id,
        taskNodeId: node.id,
        principalId,
        comment: reason,
        status: '10',
        bells: [rejectedBell(task, workflow.name, reason)],
      });
    },
  );
}
