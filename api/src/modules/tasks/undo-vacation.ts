// POST /api/task/tasks/undo/vacation/: the applicant cancels an approved task of a kind that allows
// it (a vacation: 90 → 99); the kind's onUndone hook takes the period out of the leave history, so
// its paid-leave days count again.
import { eq } from 'drizzle-orm';
import type { TTask } from '@portal/shared/contracts/tasks';
import { WORKFLOW_MSG } from '@portal/shared/messages';
import type { RequestContext } from '../../context.ts';
import { taskNodes, tasks } from '../../db/schema/tasks.ts';
import { workflows } from '../../db/schema/workflows.ts';
import { Conflict } from '../../errors.ts';
import { findOwnTask, lockOwnTask } from './applicant-task.ts';
import { APPLICANT_ACTION_STATUSES, applicantMay } from './node-rules.ts';
import { endedByApplicantBells } from './bells.ts';
import { recordTransition } from './events.ts';
import { toTask } from './task-views.ts';
import { kindHooks } from './workflow-kinds.ts';

export async function undoVacation({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { taskId: number };
}): Promise<TTask> {
  const task = await findOwnTask(ctx, input.taskId);
  const [workflow] = await ctx.db.select().from(workflows).where(eq(workflows.id, task.workflowId));
  const hooks = workflow ? kindHooks(workflow.kind) : null;
  if (!hooks?.cancellable || !applicantMay('cancel_vacation', task, ctx.user.id))
    throw new Conflict(WORKFLOW_MSG.vacationUndoNotAllowed);
  const fresh = await ctx.db.transaction(async (tx) => {
    await lockOwnTask(
      tx,
      task.id,
      APPLICANT_ACTION_STATUSES.cancel_vacation,
      WORKFLOW_MSG.vacationUndoNotAllowed,
    );
    const [updated] = await tx
      .update(tasks)
      .set({ status: '99', updatedAt: new Date(), finishedAt: new Date() })
      .where(eq(tasks.id, task.id))
      .returning();
    await hooks.onUndone?.(tx, updated!);
    const approvers = await tx
      .select({ id: taskNodes.actedById })
      .from(taskNodes)
      .where(eq(taskNodes.taskId, task.id));
    const notify = approvers
      .map((a) => a.id)
      .filter((id): id is number => id !== null && id !== task.applicantId);
    await recordTransition(tx, {
      taskId: task.id,
      action: 'cancel_vacation',
      actorId: ctx.user.id,
      status: '99',
      bells: endedByApplicantBells(task, workflow!.name, notify, 'cancelled'),
    });
    return updated!;
  });
  return toTask(ctx.db, fresh, ctx.user.id);
}
