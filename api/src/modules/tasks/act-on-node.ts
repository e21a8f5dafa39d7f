// The shared part of approve / send back / reject: the task must be visible (else 404), the node one
// of its approver nodes (else 404), the caller one of its approvers or a proxy of one today (else
// 403); then, under the task's row lock, the node must still await action: a conditional update
// that only one of simultaneous callers can win. The others get 409.
//
// The usual case costs one query before the transaction: a caller who may act on the node may see
// the task, so the node and the caller's capacity are read together, and the 404/403 checks only
// run, in their order, to explain a refusal.
import { and, eq } from 'drizzle-orm';
import { WORKFLOW_MSG } from '@portal/shared/messages';
import type { TTask } from '@portal/shared/contracts/tasks';
import type { RequestContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { employees } from '../../db/schema/employees.ts';
import { taskNodes, tasks } from '../../db/schema/tasks.ts';
import { users } from '../../db/schema/users.ts';
import { workflows } from '../../db/schema/workflows.ts';
import { Conflict, NotFound, PermissionDenied } from '../../errors.ts';
import { userDisplayName } from '../people/display-names.ts';
import { findVisibleTask } from './access.ts';
import { readSettledApprovalBells } from './events.ts';
import { capacityOn, taskRefusal } from './node-rules.ts';
import { toTask } from './task-views.ts';

type TaskRow = typeof tasks.$inferSelect;
type NodeRow = typeof taskNodes.$inferSelect;
type WorkflowRow = typeof workflows.$inferSelect;

export interface NodeAction {
  readonly task: TaskRow;
  readonly node: NodeRow;
  readonly workflow: WorkflowRow;
  readonly principalId: number | null;
  /** The applicant's display name, for the bells. */
  readonly applicantName: string;
}

export async function findApproverNode(db: Db, taskId: number, nodeId: number): Promise<NodeRow> {
  const [node] = await db
    .select()
    .from(taskNodes)
    .where(and(eq(taskNodes.id, nodeId), eq(taskNodes.taskId, taskId), eq(taskNodes.isObserver, false)));
  if (!node) throw new NotFound();
  return node;
}

/** Takes the task row lock (as lockTask does) and reads its workflow and applicant's name with it. */
async function lockForAction(tx: Db, taskId: number) {
  const [row] = await tx
    .select({
      task: tasks,
      workflow: workflows,
      applicantName: userDisplayName(users, employees),
    })
    .from(tasks)
    .innerJoin(workflows, eq(workflows.id, tasks.workflowId))
    .innerJoin(users, eq(users.id, tasks.applicantId))
    .leftJoin(employees, eq(employees.userId, users.id))
    .where(eq(tasks.id, taskId))
    .for('update', { of: tasks });
  return row ?? null;
}

/**
 * `then` runs in the transaction after the node changed; it returns the task row when it changed
 * it (else the row is read again).
 */
export async function actOnNode(
  ctx: RequestContext,
  ids: { taskId: number; nodeId: number },
  change: Partial<typeof taskNodes.$inferInsert> & { status: '90' | '02' | '10' },
  then: (tx: Db, action: NodeAction) => Promise<TaskRow | void>,
): Promise<TTask> {
  const capacity = await capacityOn(ctx.db, ids, ctx.user.id);
  if (!capacity) {
    await findVisibleTask(ctx.db, ids.taskId, ctx.user.id);
    await findApproverNode(ctx.db, ids.taskId, ids.nodeId);
    throw new PermissionDenied(WORKFLOW_MSG.nodeNotAwaitingYou);
  }
  if (capacity.principalId !== null) ctx.actingFor(capacity.principalId);

  const { task, workflow } = await ctx.db.transaction(async (tx) => {
    const locked = await lockForAction(tx, ids.taskId);
    if (!locked) throw new Conflict(WORKFLOW_MSG.nodeNotAwaitingYou);
    const refusal = taskRefusal(locked.task, ctx.user.id);
    if (refusal) throw refusal;
    const [acted] = await tx
      .update(taskNodes)
      .set({
        ...change,
        actedById: ctx.user.id,
        principalId: capacity.principalId,
        isProxy: capacity.principalId !== null,
        actedAt: new Date(),
      })
      .where(and(eq(taskNodes.id, ids.nodeId), eq(taskNodes.status, '01')))
      .returning();
    if (!acted) throw new Conflict(WORKFLOW_MSG.nodeNotAwaitingYou);
    const changed = await then(tx, {
      task: locked.task,
      node: acted,
      workflow: locked.workflow,
      principalId: capacity.principalId,
      applicantName: locked.applicantName,
    });
    await readSettledApprovalBells(tx, ids.taskId);
    const fresh = changed ?? (await tx.select().from(tasks).where(eq(tasks.id, ids.taskId)))[0]!;
    return { task: fresh, workflow: locked.workflow };
  });
  return toTask(ctx.db, task, ctx.user.id, workflow);
}
