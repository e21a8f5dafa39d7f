// The five task lists (architecture.md "Lists") and the counts the sidebar and home screen show.
// A page is one query: the rows with everything they show (workflow, applicant, organisation, the
// nodes now awaiting action, a proxy's principal) as scalar subqueries, and for the approval list the
// total too. Subqueries rather than joins: a nine-table join cost PGlite several milliseconds of
// planning per request, more than running it.
import {
  and,
  count,
  countDistinct,
  desc,
  eq,
  inArray,
  ne,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { labelOf, TASK_STATUSES, type TaskStatus } from '@portal/shared/codes';
import type { TTaskListItem, TTaskListQuery } from '@portal/shared/contracts/tasks';
import { PAGE_SIZE } from '@portal/shared/contracts/pagination';
import type { TTaskListFilter } from '@portal/shared/workflow/codes';
import type { RequestContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { employees } from '../../db/schema/employees.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { approvalProxies } from '../../db/schema/proxies.ts';
import { taskAwaiting, taskNodeApprovers, taskNodes, tasks } from '../../db/schema/tasks.ts';
import { users } from '../../db/schema/users.ts';
import { workflows } from '../../db/schema/workflows.ts';
import { tokyoDate } from '../../dates.ts';
import { pageOffset } from '../../pagination.ts';
import { userDisplayName } from '../people/display-names.ts';
import { preparedPerDb } from './prepared.ts';

/** The caller and, today, the principals they stand in for: whose awaiting nodes are theirs. */
function actingFor(userId: number | Placeholder, today: string | Placeholder = tokyoDate()): SQL {
  return sql`select ${userId}::integer
    union all
    select ${approvalProxies.principalId} from ${approvalProxies}
    where ${approvalProxies.proxyId} = ${userId} and ${approvalProxies.startDate} <= ${today}
      and ${approvalProxies.endDate} >= ${today}`;
}

/** Nobody approves what they applied for (issue 12): their own tasks never reach their approval list. */
function notAppliedBy(userId: number | Placeholder): SQL {
  return sql`${taskAwaiting.taskId} not in (select ${tasks.id} from ${tasks} where ${tasks.applicantId} = ${userId})`;
}

function observedBy(userId: number): SQL {
  return sql`exists (
    select 1 from ${taskNodes} n join ${taskNodeApprovers} a on a.task_node_id = n.id
    where n.task_id = ${tasks.id} and n.is_observer and a.user_id = ${userId})`;
}

function taskFilters(query: TTaskListQuery | undefined): SQL | undefined {
  if (!query) return undefined;
  const day = sql`(${tasks.createdAt} at time zone 'Asia/Tokyo')::date`;
  return and(
    query.workflow === undefined ? undefined : eq(tasks.workflowId, query.workflow),
    query.date_from === undefined ? undefined : sql`${day} >= ${query.date_from}::date`,
    query.date_to === undefined ? undefined : sql`${day} <= ${query.date_to}::date`,
  );
}

type OtherFilter = Exclude<TTaskListFilter, 'approval'>;

/** Where a task (or, for approval-finished, a node of it) belongs to the list. */
function listWhere(filter: OtherFilter, userId: number): SQL | undefined {
  switch (filter) {
    case 'unresolved':
      return and(eq(tasks.applicantId, userId), inArray(tasks.status, ['01', '02']));
    case 'finished':
      return and(eq(tasks.applicantId, userId), inArray(tasks.status, ['10', '90', '99']));
    case 'observer':
      return observedBy(userId);
    case 'approval-finished':
      return and(
        eq(taskNodes.actedById, userId),
        ne(tasks.applicantId, userId),
        inArray(taskNodes.status, ['02', '10', '90']),
      );
  }
}

/** The query counting a list's rows (a node awaiting the caller directly and as a proxy counts once). */
function countQuery(db: Db, filter: TTaskListFilter, userId: number, query?: TTaskListQuery) {
  const onTasks = taskFilters(query);
  if (filter === 'approval') {
    const base = db
      .select({ n: countDistinct(taskAwaiting.taskNodeId) })
      .from(taskAwaiting)
      .$dynamic();
    const mine = and(sql`${taskAwaiting.userId} in (${actingFor(userId)})`, notAppliedBy(userId));
    return onTasks
      ? base.innerJoin(tasks, eq(tasks.id, taskAwaiting.taskId)).where(and(mine, onTasks))
      : base.where(mine);
  }
  const where = and(listWhere(filter, userId), onTasks);
  const base = db.select({ n: count() }).from(tasks).$dynamic();
  return filter === 'approval-finished'
    ? base.innerJoin(taskNodes, eq(taskNodes.taskId, tasks.id)).where(where)
    : base.where(where);
}

export async function countList(
  db: Db,
  filter: TTaskListFilter,
  userId: number,
  query?: TTaskListQuery,
): Promise<number> {
  const [row] = await countQuery(db, filter, userId, query);
  return row?.n ?? 0;
}

/** Several lists' counts in one query. */
export async function countLists<F extends TTaskListFilter>(
  db: Db,
  filters: readonly F[],
  userId: number,
): Promise<Record<F, number>> {
  const columns = filters.map((f) => sql`(${countQuery(db, f, userId)}) as ${sql.identifier(f)}`);
  const [row] = await queryRows<Record<F, number | string>>(db, sql`select ${sql.join(columns, sql`, `)}`);
  // count() is a bigint: node-postgres hands it over as text.
  return Object.fromEntries(filters.map((f) => [f, Number(row?.[f] ?? 0)])) as Record<F, number>;
}

/** A column of the outer `tasks` row, qualified: the subqueries below have tables of their own. */
const taskColumn = (name: string) => sql`${tasks}.${sql.identifier(name)}`;

const u = alias(users, 'u');
const e = alias(employees, 'e');

/** The display name of the user `userId` (people/display-names.ts). */
function displayNameOf(userId: SQL): SQL<string | null> {
  return sql<string | null>`(select ${userDisplayName(u, e)}
    from ${users} u left join ${employees} e on e.user_id = u.id where u.id = ${userId})`;
}

/** What every list row shows about its task, on a query of `tasks`. */
const taskColumns = {
  task: {
    id: tasks.id,
    workflowId: tasks.workflowId,
    status: tasks.status,
    organizationId: tasks.organizationId,
    createdAt: tasks.createdAt,
    updatedAt: tasks.updatedAt,
  },
  workflowName: sql<string>`(select w.name from ${workflows} w where w.id = ${taskColumn('workflow_id')})`,
  applicantName: displayNameOf(taskColumn('applicant_id')),
  orgName: sql<
    string | null
  >`(select o.name from ${organizations} o where o.id = ${taskColumn('organization_id')})`,
  // The names of the nodes now awaiting action, in the order they were planned.
  currentNodeName: sql<string | null>`(select string_agg(cur.name, '、' order by cur.id)
    from ${taskNodes} cur where cur.task_id = ${taskColumn('id')} and cur.status = '01')`,
};

/** The principal a node's proxy acted for. */
const principalName = displayNameOf(sql`${taskNodes}.principal_id`);

interface ListRow {
  readonly task: {
    id: number;
    workflowId: number;
    status: string;
    organizationId: number | null;
    createdAt: Date;
    updatedAt: Date;
  };
  readonly workflowName: string;
  readonly applicantName: string | null;
  readonly orgName: string | null;
  readonly currentNodeName: string | null;
  readonly nodeId: number | null;
  readonly nodeName: string | null;
  readonly nodeAt: Date | null;
  readonly isProxy: boolean;
  readonly principalName: string | null;
}

function toItem(r: ListRow): TTaskListItem {
  const status = r.task.status as TaskStatus;
  return {
    id: r.task.id,
    workflow: r.task.workflowId,
    workflow_name: r.workflowName,
    status,
    status_name: labelOf(TASK_STATUSES, status),
    employee_name: r.applicantName ?? '',
    org_name: r.task.organizationId === null ? null : r.orgName,
    current_node_name: r.currentNodeName,
    created_at: r.task.createdAt.toISOString(),
    updated_at: r.task.updatedAt.toISOString(),
    node_id: r.nodeId,
    node_name: r.nodeName,
    node_at: r.nodeAt ? new Date(r.nodeAt).toISOString() : null,
    is_proxy: r.isProxy,
    principal_name: r.principalName,
  };
}

/**
 * The approval list: the caller's rows of task_awaiting (and their principals'), one per node (the
 * caller's own row first, so `direct` says whether it awaits them or only a principal), newest first;
 * a page of them joined to what they show, and their count, in one query. Built once with
 * placeholders; without filters it is a named prepared statement, so PostgreSQL plans it once.
 */
function awaitingPage(db: Db, onTasks: SQL | undefined) {
  const userId = sql.placeholder('userId');
  const awaiting = db
    .selectDistinctOn([taskAwaiting.reachedAt, taskAwaiting.taskNodeId], {
      taskNodeId: taskAwaiting.taskNodeId,
      taskId: taskAwaiting.taskId,
      reachedAt: taskAwaiting.reachedAt,
      direct: sql<boolean>`${taskAwaiting.userId} = ${userId}`.as('direct'),
    })
    .from(taskAwaiting)
    .$dynamic();
  const mine = db
    .$with('mine')
    .as(
      (onTasks ? awaiting.innerJoin(tasks, eq(tasks.id, taskAwaiting.taskId)) : awaiting)
        .where(
          and(
            sql`${taskAwaiting.userId} in (${actingFor(userId, sql.placeholder('today'))})`,
            notAppliedBy(userId),
            onTasks,
          ),
        )
        .orderBy(
          desc(taskAwaiting.reachedAt),
          desc(taskAwaiting.taskNodeId),
          desc(sql`${taskAwaiting.userId} = ${userId}`),
        ),
    );
  const page = db
    .select()
    .from(mine)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  return db
    .with(mine)
    .select({
      ...taskColumns,
      total: sql<number>`(select count(*) from ${mine})`.mapWith(Number),
      nodeId: taskNodes.id,
      nodeName: taskNodes.name,
      nodeAt: taskNodes.reachedAt,
      direct: page.direct,
      principalName,
    })
    .from(page)
    .innerJoin(taskNodes, eq(taskNodes.id, page.taskNodeId))
    .innerJoin(tasks, eq(tasks.id, page.taskId))
    .orderBy(desc(page.reachedAt), desc(page.taskNodeId));
}

const unfilteredAwaitingPage = preparedPerDb('approval_list_page', (db) => awaitingPage(db, undefined));

async function listAwaiting(db: Db, userId: number, input: TTaskListQuery) {
  const onTasks = taskFilters(input);
  const query = onTasks ? awaitingPage(db, onTasks) : unfilteredAwaitingPage(db);
  const rows = await query.execute({
    userId,
    today: tokyoDate(),
    limit: PAGE_SIZE,
    offset: pageOffset(input.page),
  });
  // A page past the end has no row to carry the total: count on its own.
  const total = rows[0]?.total ?? (await countList(db, 'approval', userId, input));
  return {
    count: total,
    results: rows.map((r) => toItem({ ...r, isProxy: !r.direct })),
  };
}

/**
 * Every table the lists and their counts (statistics.ts) read, directly or through access.ts: what
 * their cached pages and badges depend on (cache/change-feed.ts).
 */
export const TASK_LIST_TABLES = [
  'tasks',
  'task_nodes',
  'task_node_approvers',
  'task_awaiting',
  'approval_proxies',
  'employees',
  'organizations',
  'users',
  'workflows',
] as const;

export async function listTasks({ ctx, input }: { ctx: RequestContext; input: TTaskListQuery }) {
  const userId = ctx.user.id;
  if (input.filter === 'approval') return listAwaiting(ctx.db, userId, input);

  const byNode = input.filter === 'approval-finished';
  const where = and(listWhere(input.filter, userId), taskFilters(input));
  const base = ctx.db
    .select({
      ...taskColumns,
      nodeId: byNode ? taskNodes.id : sql<number | null>`null`,
      nodeName: byNode ? taskNodes.name : sql<string | null>`null`,
      nodeAt: byNode ? taskNodes.actedAt : sql<Date | null>`null`,
      isProxy: byNode ? taskNodes.isProxy : sql<boolean>`false`,
      principalName: byNode ? principalName : sql<string | null>`null`,
    })
    .from(tasks)
    .$dynamic();
  const rows = await (
    byNode
      ? base
          .innerJoin(taskNodes, eq(taskNodes.taskId, tasks.id))
          .where(where)
          .orderBy(desc(taskNodes.actedAt), desc(taskNodes.id))
      : base.where(where).orderBy(desc(tasks.createdAt), desc(tasks.id))
  )
    .limit(PAGE_SIZE)
    .offset(pageOffset(input.page));
  const total = await countList(ctx.db, input.filter, userId, input);
  return { count: total, results: rows.map(toItem) };
}
