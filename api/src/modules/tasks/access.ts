// Who may see a task: its applicant, anyone a node resolved to (approver or observer), anyone who
// acted on it, and the proxies of its approvers during their period. Everyone else gets 404, for
// the task and everything under it.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { approvalProxies } from '../../db/schema/proxies.ts';
import { taskNodeApprovers, taskNodes, tasks } from '../../db/schema/tasks.ts';
import { tokyoDate } from '../../dates.ts';
import { NotFound } from '../../errors.ts';

/** SQL condition on a query of `tasks`: the row is visible to `userId` today. */
export function visibleTo(userId: number) {
  const taskId = tasks.id;
  const today = tokyoDate();
  return sql`(
    ${tasks.applicantId} = ${userId}
    or exists (
      select 1 from ${taskNodes} n join ${taskNodeApprovers} a on a.task_node_id = n.id
      where n.task_id = ${taskId} and a.user_id = ${userId})
    or exists (select 1 from ${taskNodes} n where n.task_id = ${taskId} and n.acted_by_id = ${userId})
    or exists (
      select 1 from ${taskNodes} n
      join ${taskNodeApprovers} a on a.task_node_id = n.id
      join ${approvalProxies} p on p.principal_id = a.user_id
      where n.task_id = ${taskId} and not n.is_observer and p.proxy_id = ${userId}
        and p.start_date <= ${today} and p.end_date >= ${today})
  )`;
}

export async function findVisibleTask(db: Db, taskId: number, userId: number) {
  const [row] = await db
    .select()
    .from(tasks)
    .where(and(eq(tasks.id, taskId), visibleTo(userId)));
  if (!row) throw new NotFound();
  return row;
}
