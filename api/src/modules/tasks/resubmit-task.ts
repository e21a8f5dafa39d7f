// Resubmit a sent-back task (02 → 01): the values are checked again (a file field left empty keeps
// its attachment), every node is resolved again and the flow restarts at the first order.
import { eq } from 'drizzle-orm';
import type { TTask, TTaskFormValues } from '@portal/shared/contracts/tasks';
import { WORKFLOW_MSG } from '@portal/shared/messages';
import type { RequestContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { attachments, taskNodes, tasks } from '../../db/schema/tasks.ts';
import { workflows } from '../../db/schema/workflows.ts';
import { Conflict } from '../../errors.ts';
import { findOwnTask, lockOwnTask } from './applicant-task.ts';
import { APPLICANT_ACTION_STATUSES, applicantMay } from './node-rules.ts';
import { startBells } from './bells.ts';
import { recordTransition } from './events.ts';
import { advance, insertFlow, loadNodeDefinitions, planFlow } from './flow.ts';
import { checkFormReferences } from './form-references.ts';
import { checkValues, loadFields, saveUploads } from './form-values.ts';
import { loadApplicant } from './org-chain.ts';
import { toTask } from './task-views.ts';
import { kindHooks, type PreparedBody } from './workflow-kinds.ts';

/** The file fields that keep their attachment when left empty. */
async function heldFiles(db: Db, taskId: number): Promise<string[]> {
  const held = await db
    .select({ fieldName: attachments.fieldName })
    .from(attachments)
    .where(eq(attachments.taskId, taskId));
  return held.map((h) => h.fieldName);
}

export async function resubmitTask({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { taskId: number; body: TTaskFormValues };
}): Promise<TTask> {
  const task = await findOwnTask(ctx, input.taskId);
  if (!applicantMay('resubmit', task, ctx.user.id)) throw new Conflict(WORKFLOW_MSG.taskNotEditable);
  const [workflow] = await ctx.db.select().from(workflows).where(eq(workflows.id, task.workflowId));
  const hooks = kindHooks(workflow!.kind);
  const fields = await loadFields(ctx.db, task.workflowId);
  const prepared: PreparedBody = hooks.prepare
    ? await hooks.prepare(ctx.db, {
        applicantId: ctx.user.id,
        body: input.body,
        taskId: task.id,
        workflowId: task.workflowId,
      })
    : checkValues(fields, input.body, await heldFiles(ctx.db, task.id));
  const { values, uploads } = prepared;
  if (!hooks.prepare) await checkFormReferences(ctx.db, fields, values);
  const applicant = await loadApplicant(ctx.db, ctx.user.id);
  const plan = await planFlow(ctx.db, await loadNodeDefinitions(ctx.db, task.workflowId), applicant);

  const fresh = await ctx.db.transaction(async (tx) => {
    await lockOwnTask(tx, task.id, APPLICANT_ACTION_STATUSES.resubmit, WORKFLOW_MSG.taskNotEditable);
    await hooks.check?.(tx, {
      fields,
      values,
      employeeId: task.employeeId,
      applicantId: applicant.userId,
      exceptTaskId: task.id,
    });
    const [updated] = await tx
      .update(tasks)
      .set({ values, status: '01', updatedAt: new Date(), organizationId: applicant.chain[0]?.id ?? null })
      .where(eq(tasks.id, task.id))
      .returning();
    await prepared.store?.(tx, task.id);
    await saveUploads(tx, task.id, uploads);
    await tx.delete(taskNodes).where(eq(taskNodes.taskId, task.id));
    await insertFlow(tx, task.id, applicant.userId, plan);
    const moved = await advance(tx, task.id);
    if (moved.finished) await hooks.onFinished?.(tx, moved.task ?? updated!);
    await recordTransition(tx, {
      taskId: task.id,
      action: 'resubmit',
      actorId: applicant.userId,
      status: moved.finished ? '90' : '01',
      bells: startBells(task, workflow!.name, applicant.name, plan, moved),
    });
    const [row] = await tx.select().from(tasks).where(eq(tasks.id, task.id));
    return row!;
  });
  return toTask(ctx.db, fresh, ctx.user.id);
}
