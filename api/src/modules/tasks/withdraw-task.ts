// Withdraw (取消): the applicant ends their own task in progress or sent back (→ 99).
import { and, eq } from 'drizzle-orm';
import type { TTask } from '@portal/shared/contracts/tasks';
import { WORKFLOW_MSG } from '@portal/shared/messages';
import type { RequestContext } from '../../context.ts';
import { taskNodes, tasks } from '../../db/schema/tasks.ts';
import { workflows } from '../../db/schema/workflows.ts';
import { Conflict } from '../../errors.ts';
import { findOwnTask, lockOwnTask } from './applicant-task.ts';
import { APPLICANT_ACTION_STATUSES, applicantMay } from './node-rules.ts';
import { endedByApplicantBells } from './bells.ts';
import { readSettledApprovalBells, recordTransition } from './events.ts';
import { actorsOf, parkAwaitingNodes } from './flow.ts';
import { toTask } from './task-views.ts';

export async function withdrawTask({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { taskId: number; comment: string | null };
}): Promise<TTask> {
  const task = await findOwnTask(ctx, input.taskId);
  if (!applicantMay('withdraw', task, ctx.user.id)) throw new Conflict(WORKFLOW_MSG.taskNotWithdrawable);
  const fresh = await ctx.db.transaction(async (tx) => {
    await lockOwnTask(tx, task.id, APPLICANT_ACTION_STATUSES.withdraw, WORKFLOW_MSG.taskNotWithdrawable);
    const awaiting = await tx
      .select({ id: taskNodes.id })
      .from(taskNodes)
      .where(and(eq(taskNodes.taskId, task.id), eq(taskNodes.status, '01')));
    // In turn: a transaction's one connection takes one query at a time.
    const notify = [];
    for (const node of awaiting) notify.push(...(await actorsOf(tx, node.id)));
    await parkAwaitingNodes(tx, task.id);
    const [updated] = await tx
      .update(tasks)
      .set({ status: '99', updatedAt: new Date(), finishedAt: new Date() })
      .where(eq(tasks.id, task.id))
      .returning();
    await readSettledApprovalBells(tx, task.id);
    const [workflow] = await tx.select().from(workflows).where(eq(workflows.id, task.workflowId));
    await recordTransition(tx, {
      taskId: task.id,
      action: 'withdraw',
      actorId: ctx.user.id,
      comment: input.comment,
      status: '99',
      bells: endedByApplicantBells(task, workflow!.name, notify, 'withdrawn'),
    });
    return updated!;
  });
  return toTask(ctx.db, fresh, ctx.user.id);
}
