// Reject (却下): the node → 10 with the reason, the task → 10 (finished). The kind may fix the
// reasons (a vacation request takes one of three): sent as a code or a sentence, the sentence is stored.
import { eq } from 'drizzle-orm';
import type { TTask } from '@portal/shared/contracts/tasks';
import { FIELD_MSG } from '@portal/shared/messages';
import type { RequestContext } from '../../context.ts';
import { tasks } from '../../db/schema/tasks.ts';
import { workflows } from '../../db/schema/workflows.ts';
import { ValidationError } from '../../errors.ts';
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
  const fixed = row && kindHooks(row.kind).rejectReasons;
  if (!fixed) return reason;
  const chosen = fixed.find((r) => r.value === reason || r.text === reason);
  if (!chosen) throw ValidationError.field('reason', FIELD_MSG.choice('却下理由'));
  return chosen.text;
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
