// Send back (差戻し): the node → 02 with the comment, the task → 02 for the applicant to edit and
// resubmit or withdraw; the other nodes awaiting action stop awaiting it.
import { eq } from 'drizzle-orm';
import type { TTask } from '@portal/shared/contracts/tasks';
import type { RequestContext } from '../../context.ts';
import { tasks } from '../../db/schema/tasks.ts';
import { actOnNode } from './act-on-node.ts';
import { sentBackBell } from './bells.ts';
import { recordTransition } from './events.ts';
import { parkAwaitingNodes } from './flow.ts';

export function sendBack({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { taskId: number; nodeId: number; comment: string };
}): Promise<TTask> {
  return actOnNode(
    ctx,
    input,
    { status: '02', comment: input.comment },
    async (tx, { task, node, workflow, principalId }) => {
      await parkAwaitingNodes(tx, task.id);
      await tx.update(tasks).set({ status: '02', updatedAt: new Date() }).where(eq(tasks.id, task.id));
      await recordTransition(tx, {
        taskId: task.id,
        action: 'send_back',
        actorId: ctx.user.id,
        taskNodeId: node.id,
        principalId,
        comment: input.comment,
        status: '02',
        bells: [sentBackBell(task, workflow.name, input.comment)],
      });
    },
  );
}
