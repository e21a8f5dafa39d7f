// POST /api/task/workflows/{id}/form/: a new request. The form is checked before the transaction;
// a vacation's balance and overlaps are checked inside it, under the employee's lock, so that
// simultaneous requests are checked one after the other. The transaction writes the task, its
// files, its node instances, the first order's activation, the notifications and the outbox row,
// or nothing.
import { and, eq } from 'drizzle-orm';
import type { TTask, TTaskFormValues } from '@portal/shared/contracts/tasks';
import type { RequestContext } from '../../context.ts';
import { tasks } from '../../db/schema/tasks.ts';
import { workflows } from '../../db/schema/workflows.ts';
import { prepareAttendanceReport } from '../attendance/submit-attendance.ts';
import { NotFound } from '../../errors.ts';
import { forwardTo, recordTransition, type Bell } from './events.ts';
import {
  advance,
  insertFlow,
  loadNodeDefinitions,
  planFlow,
  type Advance,
  type PlannedNode,
} from './flow.ts';
import { checkFormReferences } from './form-references.ts';
import { checkValues, loadFields, saveUploads } from './form-values.ts';
import { loadApplicant } from './org-chain.ts';
import { toTask } from './task-views.ts';
import { checkVacation, enterLeaveHistory } from './vacation-checks.ts';

export async function findActiveWorkflow(ctx: RequestContext, workflowId: number) {
  const [workflow] = await ctx.db
    .select()
    .from(workflows)
    .where(and(eq(workflows.id, workflowId), eq(workflows.isActive, true)));
  if (!workflow) throw new NotFound();
  return workflow;
}

/** The bells of a flow that has just started (or restarted). */
export function startBells(
  task: { id: number },
  workflowName: string,
  applicantName: string,
  applicantId: number,
  plan: readonly PlannedNode[],
  moved: Advance,
): Bell[] {
  const bells: Bell[] = moved.activated.map((node) => ({
    userIds: node.userIds,
    title: `承認依頼：${workflowName}`,
    content: `${applicantName} さんの「${workflowName}」が承認待ちです。`,
    forward: forwardTo.approval(task.id, node.id),
  }));
  const observers = plan.filter((p) => p.isObserver).flatMap((p) => p.approverIds);
  if (observers.length > 0)
    bells.push({
      userIds: observers,
      title: `参照：${workflowName}`,
      content: `${applicantName} さんが「${workflowName}」を申請しました。`,
      forward: forwardTo.observer(task.id),
    });
  if (moved.finished)
    bells.push({
      userIds: [applicantId],
      title: '申請が承認されました',
      content: `「${workflowName}」が承認されました。`,
      forward: forwardTo.finished(task.id),
    });
  return bells;
}

export async function submitTask({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { workflowId: number; body: TTaskFormValues };
}): Promise<TTask> {
  const workflow = await findActiveWorkflow(ctx, input.workflowId);
  const fields = await loadFields(ctx.db, workflow.id);
  // A 勤怠報告 carries the month's grid, not form fields: the attendance module checks and stores it.
  const attendance =
    workflow.kind === 'attendance'
      ? await prepareAttendanceReport(ctx.db, ctx.user.id, input.body, null)
      : null;
  const { values, uploads } = attendance ?? checkValues(fields, input.body);
  if (!attendance) await checkFormReferences(ctx.db, workflow.kind, fields, values);
  const applicant = await loadApplicant(ctx.db, ctx.user.id);
  const plan = await planFlow(ctx.db, await loadNodeDefinitions(ctx.db, workflow.id), applicant);

  const task = await ctx.db.transaction(async (tx) => {
    if (workflow.kind === 'vacation')
      await checkVacation(tx, {
        fields,
        values,
        employeeId: applicant.employeeId,
        applicantId: applicant.userId,
        exceptTaskId: null,
      });
    const [created] = await tx
      .insert(tasks)
      .values({
        workflowId: workflow.id,
        applicantId: applicant.userId,
        employeeId: applicant.employeeId,
        organizationId: applicant.chain[0]?.id ?? null,
        values,
      })
      .returning();
    if (attendance) await attendance.store(tx, created!.id);
    await saveUploads(tx, created!.id, uploads);
    await insertFlow(tx, created!.id, applicant.userId, plan);
    const moved = await advance(tx, created!.id);
    if (moved.finished && workflow.kind === 'vacation') await enterLeaveHistory(tx, created!);
    await recordTransition(tx, {
      taskId: created!.id,
      action: 'submit',
      actorId: applicant.userId,
      status: moved.finished ? '90' : '01',
      bells: startBells(created!, workflow.name, applicant.name, applicant.userId, plan, moved),
    });
    const [fresh] = await tx.select().from(tasks).where(eq(tasks.id, created!.id));
    return fresh!;
  });
  return toTask(ctx.db, task, ctx.user.id);
}
