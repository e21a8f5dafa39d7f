// Who may do what with a task now: the rules the action services enforce, in one place, so that the
// task's answer (ZTask.allowed_actions, actionable_node_ids) offers exactly what they would accept.
//
// Approve / send back / reject (actOnNode): the caller is one of the approver node's approvers or a
// proxy of one today, the node and the task still await action, and the caller did not apply for the
// task. Withdraw / resubmit / cancel a vacation (the applicant's own task): only the applicant, only
// in the statuses each allows.
import { and, asc, eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { TTaskAction } from '@portal/shared/contracts/tasks';
import { WORKFLOW_MSG } from '@portal/shared/messages';
import type { Db } from '../../db/client.ts';
import { approvalProxies } from '../../db/schema/proxies.ts';
import { taskNodeApprovers, taskNodes, type tasks } from '../../db/schema/tasks.ts';
import { tokyoDate } from '../../dates.ts';
import { Conflict, PermissionDenied } from '../../errors.ts';
import { preparedPerDb } from './prepared.ts';

type TaskRow = typeof tasks.$inferSelect;

/** The task statuses in which the applicant may take each of their actions. */
export const APPLICANT_ACTION_STATUSES = {
  withdraw: ['01', '02'],
  resubmit: ['02'],
  cancel_vacation: ['90'],
} as const satisfies Record<string, readonly string[]>;

export function applicantMay(
  action: keyof typeof APPLICANT_ACTION_STATUSES,
  task: Pick<TaskRow, 'status' | 'applicantId'>,
  userId: number,
): boolean {
  return (
    task.applicantId === userId &&
    (APPLICANT_ACTION_STATUSES[action] as readonly string[]).includes(task.status)
  );
}

/**
 * What refuses an approver's action on the task as a whole (under its row lock): it no longer
 * awaits action (409), or the caller applied for it (403) — whatever made them an approver (a
 * proxy, a named approver, a parallel group); selfDispatch has already decided what routing does
 * when it lands on the applicant. Null when neither.
 */
export function taskRefusal(
  task: Pick<TaskRow, 'status' | 'applicantId'>,
  userId: number,
): Conflict | PermissionDenied | null {
  if (task.status !== '01') return new Conflict(WORKFLOW_MSG.nodeNotAwaitingYou);
  if (task.applicantId === userId) return new PermissionDenied(WORKFLOW_MSG.ownTask);
  return null;
}

// Who acts on the approver node `nodeId` (an id or a column): its approvers, and today the proxies of
// any of them. One definition for the capacity of an action and for the nodes a task's answer offers.
type SqlValue = SQLWrapper | number | string;
const approverOf = (nodeId: SqlValue, userId: SqlValue) =>
  sql`from ${taskNodeApprovers} a where a.task_node_id = ${nodeId} and a.user_id = ${userId}`;
const proxyOfAnApprover = (nodeId: SqlValue, userId: SqlValue, today: SqlValue) =>
  sql`from ${approvalProxies} p join ${taskNodeApprovers} a on a.user_id = p.principal_id
    where a.task_node_id = ${nodeId} and p.proxy_id = ${userId}
      and p.start_date <= ${today} and p.end_date >= ${today}`;

const capacityQuery = preparedPerDb('act_on_node_capacity', (db) => {
  const { nodeId, taskId, userId, today } = {
    nodeId: sql.placeholder('nodeId'),
    taskId: sql.placeholder('taskId'),
    userId: sql.placeholder('userId'),
    today: sql.placeholder('today'),
  };
  return db
    .select({
      direct: sql<boolean>`exists (select 1 ${approverOf(nodeId, userId)})`,
      principalId: sql<
        number | null
      >`(select min(p.principal_id) ${proxyOfAnApprover(nodeId, userId, today)})`,
    })
    .from(taskNodes)
    .where(and(eq(taskNodes.id, nodeId), eq(taskNodes.taskId, taskId), eq(taskNodes.isObserver, false)));
});

/**
 * In what capacity `userId` may act on the approver node `nodeId` of task `taskId` today: as one of
 * its approvers, as the proxy of one (the lowest principal id is recorded, as capacityOf does), or —
 * null — not at all (or no such node).
 */
export async function capacityOn(
  db: Db,
  ids: { taskId: number; nodeId: number },
  userId: number,
): Promise<{ principalId: number | null } | null> {
  const [row] = await capacityQuery(db).execute({ ...ids, userId, today: tokyoDate() });
  if (row?.direct) return { principalId: null };
  if (row?.principalId != null) return { principalId: Number(row.principalId) };
  return null;
}

/** The approver nodes of `task` that `userId` may approve, send back or reject now (one statement). */
export async function actionableNodeIds(db: Db, task: TaskRow, userId: number): Promise<number[]> {
  if (taskRefusal(task, userId)) return [];
  const today = tokyoDate();
  const rows = await db
    .select({ id: taskNodes.id })
    .from(taskNodes)
    .where(
      and(
        eq(taskNodes.taskId, task.id),
        eq(taskNodes.status, '01'),
        eq(taskNodes.isObserver, false),
        sql`(exists (select 1 ${approverOf(taskNodes.id, userId)})
          or exists (select 1 ${proxyOfAnApprover(taskNodes.id, userId, today)}))`,
      ),
    )
    .orderBy(asc(taskNodes.id));
  return rows.map((row) => row.id);
}

/** What `userId` may do with `task` now (undoing an approval has its own answer, undo-info). */
export async function allowedActions(
  db: Db,
  task: TaskRow,
  userId: number,
  cancellable: boolean,
): Promise<{ actions: TTaskAction[]; nodeIds: number[] }> {
  const nodeIds = await actionableNodeIds(db, task, userId);
  const actions: TTaskAction[] = nodeIds.length ? ['approve', 'send_back', 'reject'] : [];
  if (applicantMay('resubmit', task, userId)) actions.push('resubmit');
  if (applicantMay('withdraw', task, userId)) actions.push('withdraw');
  if (cancellable && applicantMay('cancel_vacation', task, userId)) actions.push('cancel_vacation');
  return { actions, nodeIds };
}
