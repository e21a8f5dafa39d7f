// The five task lists (architecture.md "Lists") and the counts the sidebar and home screen show.
import { and, count, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { labelOf, TASK_STATUSES, type TaskStatus } from '@portal/shared/codes';
import type { TTaskListItem, TTaskListQuery } from '@portal/shared/contracts/tasks';
import { PAGE_SIZE } from '@portal/shared/contracts/pagination';
import type { TTaskListFilter } from '@portal/shared/workflow/codes';
import type { RequestContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { approvalProxies } from '../../db/schema/proxies.ts';
import { taskNodeApprovers, taskNodes, tasks } from '../../db/schema/tasks.ts';
import { workflows } from '../../db/schema/workflows.ts';
import { tokyoDate } from '../../dates.ts';
import { pageOffset } from '../../pagination.ts';
import { currentNodeNames, userNames } from './task-views.ts';

/**
 * Approver nodes awaiting `userId`, directly or as today's proxy of one of its approvers. Written as
 * "node id in the caller's (and their principals') approver rows" so that both sides come from an
 * index: the awaiting nodes (task_nodes_awaiting_idx) and the approver rows of a few users.
 */
function awaitingMe(userId: number): SQL {
  const today = tokyoDate();
  return sql`${taskNodes.status} = '01' and not ${taskNodes.isObserver} and ${taskNodes.id} in (
    select a.task_node_id from ${taskNodeApprovers} a
    where a.user_id in (
      select ${userId}::integer
      union all
      select p.principal_id from ${approvalProxies} p
      where p.proxy_id = ${userId} and p.start_date <= ${today} and p.end_date >= ${today}))`;
}

function observedBy(userId: number): SQL {
  return sql`exists (
    select 1 from ${taskNodes} n join ${taskNodeApprovers} a on a.task_node_id = n.id
    where n.task_id = ${tasks.id} and n.is_observer and a.user_id = ${userId})`;
}

function taskFilters(query: TTaskListQuery): SQL | undefined {
  const day = sql`(${tasks.createdAt} at time zone 'Asia/Tokyo')::date`;
  return and(
    query.workflow === undefined ? undefined : eq(tasks.workflowId, query.workflow),
    query.date_from === undefined ? undefined : sql`${day} >= ${query.date_from}::date`,
    query.date_to === undefined ? undefined : sql`${day} <= ${query.date_to}::date`,
  );
}

/** Node-based lists (approval, approval-finished) versus task-based ones. */
function listShape(filter: TTaskListFilter, userId: number) {
  switch (filter) {
    case 'unresolved':
      return {
        byNode: false,
        where: and(eq(tasks.applicantId, userId), inArray(tasks.status, ['01', '02'])),
      };
    case 'finished':
      return {
        byNode: false,
        where: and(eq(tasks.applicantId, userId), inArray(tasks.status, ['10', '90', '99'])),
      };
    case 'observer':
      return { byNode: false, where: observedBy(userId) };
    case 'approval':
      return { byNode: true, where: awaitingMe(userId) };
    case 'approval-finished':
      return {
        byNode: true,
        where: and(
          eq(taskNodes.actedById, userId),
          ne(tasks.applicantId, userId),
          inArray(taskNodes.status, ['02', '10', '90']),
        ),
      };
  }
}

export async function countList(db: Db, filter: TTaskListFilter, userId: number, query?: TTaskListQuery) {
  const shape = listShape(filter, userId);
  const onTasks = query ? taskFilters(query) : undefined;
  const where = and(shape.where, onTasks);
  if (filter === 'approval' && !onTasks) {
    // Nothing to ask of the task row: count the awaiting nodes alone.
    const [row] = await db.select({ n: count() }).from(taskNodes).where(where);
    return row?.n ?? 0;
  }
  const base = db.select({ n: count() }).from(tasks);
  const [row] = shape.byNode
    ? await base.innerJoin(taskNodes, eq(taskNodes.taskId, tasks.id)).where(where)
    : await base.where(where);
  return row?.n ?? 0;
}

export async function listTasks({ ctx, input }: { ctx: RequestContext; input: TTaskListQuery }) {
  const userId = ctx.user.id;
  const shape = listShape(input.filter, userId);
  const where = and(shape.where, taskFilters(input));
  const columns = {
    task: tasks,
    workflowName: workflows.name,
    nodeId: shape.byNode ? taskNodes.id : sql<number | null>`null`,
    nodeName: shape.byNode ? taskNodes.name : sql<string | null>`null`,
    nodeAt: shape.byNode
      ? input.filter === 'approval'
        ? taskNodes.reachedAt
        : taskNodes.actedAt
      : sql<Date | null>`null`,
    nodeProxy: shape.byNode ? taskNodes.isProxy : sql<boolean>`false`,
    principalId: shape.byNode ? taskNodes.principalId : sql<number | null>`null`,
  };
  const base = ctx.db.select(columns).from(tasks).innerJoin(workflows, eq(workflows.id, tasks.workflowId));
  const rows = await (
    shape.byNode
      ? base
          .innerJoin(taskNodes, eq(taskNodes.taskId, tasks.id))
          .where(where)
          .orderBy(
            desc(input.filter === 'approval' ? taskNodes.reachedAt : taskNodes.actedAt),
            desc(taskNodes.id),
          )
      : base.where(where).orderBy(desc(tasks.createdAt), desc(tasks.id))
  )
    .limit(PAGE_SIZE)
    .offset(pageOffset(input.page));
  const total = await countList(ctx.db, input.filter, userId, input);

  const taskIds = rows.map((r) => r.task.id);
  const current = await currentNodeNames(ctx.db, taskIds);
  const direct = new Set<number>();
  if (input.filter === 'approval' && rows.length) {
    const links = await ctx.db
      .select({ taskNodeId: taskNodeApprovers.taskNodeId })
      .from(taskNodeApprovers)
      .where(
        and(
          inArray(
            taskNodeApprovers.taskNodeId,
            rows.map((r) => r.nodeId ?? 0),
          ),
          eq(taskNodeApprovers.userId, userId),
        ),
      );
    for (const link of links) direct.add(link.taskNodeId);
  }
  const names = await userNames(ctx.db, [
    ...rows.map((r) => r.task.applicantId),
    ...rows.map((r) => r.principalId).filter((id): id is number => id !== null),
  ]);
  const orgIds = [...new Set(rows.map((r) => r.task.organizationId).filter((id) => id !== null))];
  const orgNames = new Map(
    orgIds.length
      ? (
          await ctx.db
            .select({ id: organizations.id, name: organizations.name })
            .from(organizations)
            .where(inArray(organizations.id, orgIds))
        ).map((o) => [o.id, o.name])
      : [],
  );

  const results: TTaskListItem[] = rows.map((r) => {
    const status = r.task.status as TaskStatus;
    const asProxy = input.filter === 'approval' ? r.nodeId !== null && !direct.has(r.nodeId) : r.nodeProxy;
    return {
      id: r.task.id,
      workflow: r.task.workflowId,
      workflow_name: r.workflowName,
      status,
      status_name: labelOf(TASK_STATUSES, status),
      employee_name: names.get(r.task.applicantId) ?? '',
      org_name: r.task.organizationId === null ? null : (orgNames.get(r.task.organizationId) ?? null),
      current_node_name: current.get(r.task.id) ?? null,
      created_at: r.task.createdAt.toISOString(),
      updated_at: r.task.updatedAt.toISOString(),
      node_id: r.nodeId,
      node_name: r.nodeName,
      node_at: r.nodeAt ? new Date(r.nodeAt).toISOString() : null,
      is_proxy: asProxy,
      principal_name: r.principalId === null ? null : (names.get(r.principalId) ?? null),
    };
  });
  return { count: total, results };
}
