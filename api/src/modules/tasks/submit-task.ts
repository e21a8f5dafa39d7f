// POST /api/task/workflows/{id}/form/: a new request. The form is checked before the transaction
// (by the kind's prepare hook where it has one); the kind's own checks run inside it (a vacation's
// balance, under the employee's lock, so that simultaneous requests are checked one after the
// other). The transaction writes the task, its files, its node instances, the first order's
// activation, the notifications and the outbox row, or nothing.
import { and, eq } from 'drizzle-orm';
import type { TTask, TTaskFormValues } from '@portal/shared/contracts/tasks';
import { tableCache } from '../../cache/table-cache.ts';
import type { RequestContext } from '../../context.ts';
import { tasks } from '../../db/schema/tasks.ts';
import { workflows } from '../../db/schema/workflows.ts';
import { NotFound } from '../../errors.ts';
import { startBells } from './bells.ts';
import { recordTransition } from './events.ts';
import { advance, insertFlow, loadNodeDefinitions, planFlow } from './flow.ts';
import { checkFormReferences } from './form-references.ts';
import { checkValues, loadFields, saveUploads } from './form-values.ts';
import { loadApplicant } from './org-chain.ts';
import { toTask } from './task-views.ts';
import { kindHooks, type PreparedBody } from './workflow-kinds.ts';

const activeWorkflows = tableCache<(typeof workflows.$inferSelect)[]>(['workflows'], 1_000);

export async function findActiveWorkflow(ctx: RequestContext, workflowId: number) {
  const [workflow] = await activeWorkflows.read(ctx.db, String(workflowId), () =>
    ctx.db
      .select()
      .from(workflows)
      .where(and(eq(workflows.id, workflowId), eq(workflows.isActive, true))),
  );
  if (!workflow) throw new NotFound();
  return workflow;
}

export async function submitTask({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { workflowId: number; body: TTaskFormValues };
}): Promise<TTask> {
  const workflow = await findActiveWorkflow(ctx, input.workflowId);
  const hooks = kindHooks(workflow.kind);
  const fields = await loadFields(ctx.db, workflow.id);
  const prepared: PreparedBody = hooks.prepare
    ? await hooks.prepare(ctx.db, {
        applicantId: ctx.user.id,
        body: input.body,
        taskId: null,
        workflowId: workflow.id,
      })
    : checkValues(fields, input.body);
  const { values, uploads } = prepared;
  if (!hooks.prepare) await checkFormReferences(ctx.db, fields, values);
  const applicant = await loadApplicant(ctx.db, ctx.user.id);
  const plan = await planFlow(ctx.db, await loadNodeDefinitions(ctx.db, workflow.id), applicant);

  const task = await ctx.db.transaction(async (tx) => {
    await hooks.check?.(tx, {
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
    await prepared.store?.(tx, created!.id);
    await saveUploads(tx, created!.id, uploads);
    await insertFlow(tx, created!.id, applicant.userId, plan);
    const moved = await advance(tx, created!.id);
    if (moved.finished) await hooks.onFinished?.(tx, moved.task ?? created!);
    await recordTransition(tx, {
      taskId: created!.id,
      action: 'submit',
      actorId: applicant.userId,
      status: moved.finished ? '90' : '01',
      bells: startBells(created!, workflow.name, applicant.name, plan, moved),
    });
    // Waiting at its first node, the task is the row inserted; a finished one its kind may have changed.
    if (!moved.finished) return created!;
    const [fresh] = await tx.select().from(tasks).where(eq(tasks.id, created!.id));
    return fresh!;
  });
  return toTask(ctx.db, task, ctx.user.id, workflow);
}
