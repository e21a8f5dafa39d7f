// Approve: the node → 90; when its parallel group is complete the next order starts, after the last
// the task is approved (90) and its kind's onFinished hook runs (a vacation enters the leave history).
import type { TTask } from '@portal/shared/contracts/tasks';
import type { RequestContext } from '../../context.ts';
import { actOnNode } from './act-on-node.ts';
import { advanceBells } from './bells.ts';
import { recordTransition } from './events.ts';
import { advance } from './flow.ts';
import { kindHooks } from './workflow-kinds.ts';

export function approveNode({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { taskId: number; nodeId: number; comment: string | null };
}): Promise<TTask> {
  return actOnNode(
    ctx,
    input,
    { status: '90', comment: input.comment },
    async (tx, { task, node, workflow, principalId, applicantName }) => {
      const moved = await advance(tx, task.id);
      if (moved.finished) await kindHooks(workflow.kind).onFinished?.(tx, moved.task ?? task);
      await recordTransition(tx, {
        taskId: task.id,
        action: 'approve',
        actorId: ctx.user.id,
        taskNodeId: node.id,
        principalId,
        comment: input.comment,
        status: moved.finished ? '90' : '01',
        bells: advanceBells(task, workflow.name, applicantName, moved),
      });
      // Unless it finished, the task row is as locked: nothing to read again.
      return moved.task ?? task;
    },
  );
}
