// What deactivating a person does to the work around them (issue 34, leavers): their own open
// requests are cancelled with HR's reason when HR chose so (else left for HR); approval steps waiting
// on them move to the head above them, as routing does when a post is empty, and that head gets the
// bell and the card; the proxies they hold or gave end. Runs in the deactivation's transaction, after
// the account was made inactive (so the organisation chain already passes over them).
import { and, asc, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import { BELL_MSG } from '@portal/shared/messages';
import { taskLink } from '@portal/shared/workflow/task-links';
import type { Db } from '../../../db/client.ts';
import { employees } from '../../../db/schema/employees.ts';
import { notifications } from '../../../db/schema/notifications.ts';
import { positions } from '../../../db/schema/organizations.ts';
import { outbox } from '../../../db/schema/outbox.ts';
import { approvalProxies } from '../../../db/schema/proxies.ts';
import { taskNodeApprovers, taskNodes, tasks } from '../../../db/schema/tasks.ts';
import { workflows } from '../../../db/schema/workflows.ts';
import { tokyoDate } from '../../../dates.ts';
import { endedByApplicantBells } from '../../tasks/bells.ts';
import { readSettledApprovalBells, recordTransition } from '../../tasks/events.ts';
import { actorsOf, parkAwaitingNodes } from '../../tasks/flow.ts';
import { loadApplicant, orgChain } from '../../tasks/org-chain.ts';

/** The leaver's open requests (申請中, 差戻し), cancelled as 取消 with `reason`; answers their ids. */
export async function cancelOpenRequests(
  tx: Db,
  leaverUserId: number,
  actorId: number,
  reason: string,
): Promise<number[]> {
  const open = await tx
    .select()
    .from(tasks)
    .where(and(eq(tasks.applicantId, leaverUserId), inArray(tasks.status, ['01', '02'])))
    .orderBy(asc(tasks.id));
  for (const task of open) {
    const awaiting = await tx
      .select({ id: taskNodes.id })
      .from(taskNodes)
      .where(and(eq(taskNodes.taskId, task.id), eq(taskNodes.status, '01')));
    const notify: number[] = [];
    for (const node of awaiting) notify.push(...(await actorsOf(tx, node.id)));
    await parkAwaitingNodes(tx, task.id);
    const now = new Date();
    await tx
      .update(tasks)
      .set({ status: '99', updatedAt: now, finishedAt: now })
      .where(eq(tasks.id, task.id));
    await readSettledApprovalBells(tx, task.id);
    const [workflow] = await tx.select().from(workflows).where(eq(workflows.id, task.workflowId));
    await recordTransition(tx, {
      taskId: task.id,
      action: 'withdraw',
      actorId,
      comment: reason,
      status: '99',
      bells: endedByApplicantBells(task, workflow!.name, notify, 'withdrawn'),
    });
  }
  return open.map((t) => t.id);
}

/** The head above the leaver: the nearest active head, not them, up their main organisation's chain. */
async function headAbove(tx: Db, leaverUserId: number): Promise<number | null> {
  const [own] = await tx
    .select({ orgId: positions.organizationId })
    .from(positions)
    .innerJoin(employees, eq(employees.id, positions.employeeId))
    .where(eq(employees.userId, leaverUserId))
    .orderBy(asc(positions.isPartTime), asc(positions.id))
    .limit(1);
  if (!own) return null;
  const chain = await orgChain(tx, own.orgId);
  return chain.find((o) => o.headUserId !== null && o.headUserId !== leaverUserId)?.headUserId ?? null;
}

export interface MovedStep {
  task_id: number;
  task_node_id: number;
  to_user_id: number | null;
}

/** Each approver step awaiting the leaver is handed to the head above them, who is told. */
export async function moveWaitingSteps(tx: Db, leaverUserId: number): Promise<MovedStep[]> {
  const waiting = await tx
    .select({ nodeId: taskNodes.id, taskId: taskNodes.taskId })
    .from(taskNodeApprovers)
    .innerJoin(taskNodes, eq(taskNodes.id, taskNodeApprovers.taskNodeId))
    .where(
      and(
        eq(taskNodeApprovers.userId, leaverUserId),
        eq(taskNodes.status, '01'),
        eq(taskNodes.isObserver, false),
      ),
    )
    .orderBy(asc(taskNodes.id));
  if (waiting.length === 0) return [];
  const head = await headAbove(tx, leaverUserId);
  const moved: MovedStep[] = [];
  for (const step of waiting) {
    await tx
      .delete(taskNodeApprovers)
      .where(and(eq(taskNodeApprovers.taskNodeId, step.nodeId), eq(taskNodeApprovers.userId, leaverUserId)));
    if (head !== null) {
      await tx
        .insert(taskNodeApprovers)
        .values({ taskNodeId: step.nodeId, userId: head })
        .onConflictDoNothing();
      const [task] = await tx.select().from(tasks).where(eq(tasks.id, step.taskId));
      const [workflow] = await tx.select().from(workflows).where(eq(workflows.id, task!.workflowId));
      const applicant = await loadApplicant(tx, task!.applicantId);
      await tx.insert(notifications).values({
        userId: head,
        title: BELL_MSG.approvalTitle(workflow!.name),
        content: BELL_MSG.approvalContent(applicant.name, workflow!.name),
        forward: taskLink.approval(step.taskId, step.nodeId),
      });
    }
    // The bot brings the cards in line with who the node now awaits: the head gets one.
    await tx
      .insert(outbox)
      .values({
        topic: 'cards.refresh',
        idempotencyKey: `leaver:${leaverUserId}:node:${step.nodeId}`,
        payload: { task_id: step.taskId },
      })
      .onConflictDoNothing();
    moved.push({ task_id: step.taskId, task_node_id: step.nodeId, to_user_id: head });
  }
  return moved;
}

/** The proxies the leaver holds or gave end today; those not yet begun are removed. Answers how many. */
export async function endProxies(tx: Db, leaverUserId: number, today: string = tokyoDate()): Promise<number> {
  const theirs = or(eq(approvalProxies.principalId, leaverUserId), eq(approvalProxies.proxyId, leaverUserId));
  const future = await tx
    .delete(approvalProxies)
    .where(and(theirs, gt(approvalProxies.startDate, today)))
    .returning({ id: approvalProxies.id });
  const ended = await tx
    .update(approvalProxies)
    .set({ endDate: today })
    .where(and(theirs, lte(approvalProxies.startDate, today), sql`${approvalProxies.endDate} > ${today}`))
    .returning({ id: approvalProxies.id });
  return future.length + ended.length;
}
