// The data of approvals.bench.ts: 2,000 employees in 102 organisations and 200,000 tasks with their
// node instances, approvers, events and a few proxies, written with bulk SQL (a few seconds, where the
// app's own submit path would take hours). Kept apart so that profiling scripts can seed the same data.
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle, Db } from '../../api/src/db/client.ts';
import { organizations } from '../../api/src/db/schema/organizations.ts';
import { nodes, workflowFields, workflows } from '../../api/src/db/schema/workflows.ts';

export const EMPLOYEES = 2_000;
export const TASKS = 200_000;
export const PASSWORD = 'bench1234';

const LAST_NAMES = [
  '佐藤',
  '鈴木',
  '高橋',
  '田中',
  '伊藤',
  '渡辺',
  '山本',
  '中村',
  '小林',
  '加藤',
  '吉田',
  '山田',
  '佐々木',
  '山口',
  '松本',
  '井上',
  '木村',
  '林',
  '斎藤',
  '清水',
];
const FIRST_NAMES = [
  '翔太',
  '美咲',
  '大輔',
  '陽子',
  '健一',
  '由美',
  '誠',
  '恵',
  '拓也',
  '直子',
  '亮',
  '明美',
  '浩二',
  '真理',
  '裕太',
  '智子',
  '剛',
  '愛',
  '和也',
  '舞',
];
const pgArray = (values: readonly (string | number)[]) =>
  sql.raw(`array[${values.map((v) => (typeof v === 'number' ? String(v) : `'${v}'`)).join(',')}]`);

/** 2 本部 × 2 事業部 × 4 部 × 5 課 = 102 organisations; returns their ids, parents first, and the 課. */
async function insertOrganisations(db: Db) {
  const all: number[] = [];
  const insertLevel = async (
    parents: (number | null)[],
    per: number,
    level: '16' | '14' | '12' | '10',
    word: string,
  ) => {
    const rows = parents.flatMap((parentId, p) =>
      Array.from({ length: per }, (_, k) => ({ name: `第${p * per + k + 1}${word}`, parentId, level })),
    );
    const ids = (await db.insert(organizations).values(rows).returning({ id: organizations.id })).map(
      (r) => r.id,
    );
    all.push(...ids);
    return ids;
  };
  const honbu = await insertLevel([null], 2, '16', '本部');
  const jigyobu = await insertLevel(honbu, 2, '14', '事業部');
  const bu = await insertLevel(jigyobu, 4, '12', '部');
  const ka = await insertLevel(bu, 5, '10', '課');
  return { all, ka };
}

/** Three workflows: 稟議 (課長 → 部長), 経費 (課長), 出張 (課長 → 部長, 部長 observes). */
async function insertWorkflows(db: Db) {
  const defs = [
    {
      name: '一般稟議',
      nodes: [
        ['01', '課長承認', 1, '02', null],
        ['02', '部長承認', 2, '01', null],
      ],
    },
    { name: '経費精算', nodes: [['01', '課長承認', 1, '02', null]] },
    {
      name: '出張申請',
      nodes: [
        ['01', '課長承認', 1, '02', null],
        ['02', '部長承認', 2, '01', null],
        ['95', '部長参照', 1, null, '12'],
      ],
    },
  ] as const;
  for (const def of defs) {
    const [wf] = await db.insert(workflows).values({ name: def.name }).returning({ id: workflows.id });
    await db.insert(workflowFields).values([
      { workflowId: wf!.id, name: 'title', label: '件名', order: 1, isRequired: true, maxLength: 100 },
      { workflowId: wf!.id, name: 'amount', label: '金額（円）', dataType: 'integer', order: 2 },
    ]);
    await db.insert(nodes).values(
      def.nodes.map(([code, name, order, nodeDispatch, observerDispatch]) => ({
        workflowId: wf!.id,
        code,
        name,
        order,
        nodeDispatch,
        selfDispatch: '02' as const,
        observerDispatch,
      })),
    );
  }
}

export async function seed(handle: DatabaseHandle): Promise<void> {
  const passwordHash = await hash(PASSWORD, { memoryCost: 1024, timeCost: 1 });
  await handle.db.transaction(async (tx) => {
    const { all, ka } = await insertOrganisations(tx);
    await insertWorkflows(tx);
    // Employees 1–102 head the organisations in order; the others are spread over the 課.
    await tx.execute(sql`
      with u as (
        insert into users (username, full_name, email, password_hash)
        select 'bench' || lpad(i::text, 4, '0'), '', 'bench' || i || '@example.jp', ${passwordHash}
        from generate_series(1, ${EMPLOYEES}) i
        returning id, username)
      insert into employees (user_id, code, last_name, first_name, gender, join_date, email)
      select u.id, 'B' || substr(u.username, 6),
        (${pgArray(LAST_NAMES)})[1 + substr(u.username, 6)::int % 20],
        (${pgArray(FIRST_NAMES)})[1 + (substr(u.username, 6)::int * 7) % 20],
        (1 + substr(u.username, 6)::int % 2)::text, date '2010-04-01' + (substr(u.username, 6)::int % 4000),
        u.username || '@example.jp'
      from u`);
    await tx.execute(sql`
      insert into positions (employee_id, organization_id, title)
      select e.id,
        case when n <= ${all.length} then (${pgArray(all)})[n] else (${pgArray(ka)})[1 + (n - ${all.length + 1}) % ${ka.length}] end,
        ''
      from (select id, substr(code, 2)::int as n from employees where code like 'B%') e`);
    await tx.execute(sql`
      update organizations o set head_employee_id = e.id
      from employees e where e.code = 'B' || lpad((array_position(${pgArray(all)}, o.id))::text, 4, '0')`);
    // Every non-head employee of a 課 applies; their 課長 and 部長 approve.
    await tx.execute(sql`
      create temp table bench_applicants on commit drop as
      select row_number() over (order by e.id) as n, e.user_id, e.id as employee_id, o.id as org_id,
        he.user_id as head_user_id, phe.user_id as parent_head_user_id
      from employees e
      join positions p on p.employee_id = e.id
      join organizations o on o.id = p.organization_id and o.level = '10'
      join employees he on he.id = o.head_employee_id
      join organizations po on po.id = o.parent_id
      join employees phe on phe.id = po.head_employee_id
      where e.id <> o.head_employee_id and e.code like 'B%'`);
    // Three years of requests, eight minutes apart. The last 12,000 (about 66 days) are mostly still
    // in progress; older ones are mostly finished.
    await tx.execute(sql`
      insert into tasks (workflow_id, applicant_id, employee_id, organization_id, status, values, created_at, updated_at, finished_at)
      select w.id, a.user_id, a.employee_id, a.org_id, s.status,
        jsonb_build_object('title', '案件 ' || g.i, 'amount', (g.i * 37) % 500000),
        s.at, s.at + interval '1 hour', case when s.status in ('10', '90', '99') then s.at + interval '1 day' end
      from generate_series(1, ${TASKS}) g(i)
      join bench_applicants a on a.n = 1 + (g.i::bigint * 7919) % (select count(*) from bench_applicants)
      join (select id, row_number() over (order by id) - 1 as k from workflows) w on w.k = g.i % 3
      cross join lateral (select
        now() - (${TASKS} - g.i) * interval '8 minutes' as at,
        case when g.i > ${TASKS - 12_000} then
          case when (g.i::bigint * 104729) % 1000 < 600 then '01' when (g.i::bigint * 104729) % 1000 < 650 then '02'
               when (g.i::bigint * 104729) % 1000 < 700 then '10' when (g.i::bigint * 104729) % 1000 < 730 then '99' else '90' end
        else
          case when (g.i::bigint * 104729) % 1000 < 5 then '01' when (g.i::bigint * 104729) % 1000 < 15 then '02'
               when (g.i::bigint * 104729) % 1000 < 75 then '10' when (g.i::bigint * 104729) % 1000 < 135 then '99' else '90' end
        end as status) s`);
    // Node instances: those before the task's stage approved, the stage's one awaiting / sent back /
    // rejected as the task is, later ones not reached; observers keep 00.
    await tx.execute(sql`
      insert into task_nodes (task_id, node_id, code, name, "order", is_observer, status, reached_at, acted_by_id, acted_at)
      select x.task_id, x.node_id, x.code, x.name, x.ord, x.code = '95', x.st,
        case when x.st in ('01', '90', '02', '10') then x.at + (x.ord - 1) * interval '2 hours' end,
        case when x.st in ('90', '02', '10') then x.approver end,
        case when x.st in ('90', '02', '10') then x.at + x.ord * interval '2 hours' end
      from (
        select t.id as task_id, n.id as node_id, n.code, n.name, n."order" as ord, t.created_at as at,
          case when n.node_dispatch = '02' then a.head_user_id else a.parent_head_user_id end as approver,
          case when n.code = '95' then '00'
               when t.status = '90' then '90'
               when n."order" < 1 + t.id % m.last then '90'
               when n."order" > 1 + t.id % m.last then '00'
               when t.status in ('01', '02', '10') then t.status
               else '00' end as st
        from tasks t
        join nodes n on n.workflow_id = t.workflow_id
        join (select workflow_id, max("order") filter (where code <> '95') as last from nodes group by workflow_id) m
          on m.workflow_id = t.workflow_id
        join bench_applicants a on a.user_id = t.applicant_id) x`);
    // The approvers' trigger would look up the node of each of these rows one at a time: the rows it
    // keeps in task_awaiting (migration 0007) are written once, set-based, after them instead.
    await tx.execute(sql`alter table task_node_approvers disable trigger task_node_approvers_awaiting`);
    await tx.execute(sql`
      insert into task_node_approvers (task_node_id, user_id)
      select tn.id, case when n.node_dispatch = '02' then a.head_user_id else a.parent_head_user_id end
      from task_nodes tn
      join nodes n on n.id = tn.node_id
      join tasks t on t.id = tn.task_id
      join bench_applicants a on a.user_id = t.applicant_id`);
    await tx.execute(sql`alter table task_node_approvers enable trigger task_node_approvers_awaiting`);
    await tx.execute(sql`
      insert into task_awaiting (user_id, task_node_id, task_id, reached_at)
      select a.user_id, n.id, n.task_id, n.reached_at
      from task_nodes n join task_node_approvers a on a.task_node_id = n.id
      where n.status = '01' and not n.is_observer`);
    await tx.execute(sql`
      insert into task_events (task_id, user_id, action, created_at)
      select id, applicant_id, 'submit', created_at from tasks`);
    // Some members stand in for their 課長, part of them today.
    await tx.execute(sql`
      insert into approval_proxies (principal_id, proxy_id, start_date, end_date)
      select head_user_id, min(user_id), current_date - (org_id % 2) * 30, current_date + 7 - (org_id % 2) * 30
      from bench_applicants where org_id % 3 = 0 group by head_user_id, org_id`);
  });
  await handle.db.execute(sql`analyze`);
}

/**
 * `count` more tasks in progress, each a copy of one already awaiting one of `approverIds` (all
 * approvers when null): the same workflow, applicant, values and node instances with their statuses
 * and approvers. The benchmark calls it when a run needs more distinct awaiting nodes than the data
 * has, so a fast machine never runs out (the triggers of migration 0007 fill task_awaiting).
 */
export async function addAwaitingTasks(db: Db, count: number, approverIds: readonly number[] | null) {
  const approvers = approverIds ? pgArray(approverIds) : null;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      create temp table bench_copies on commit drop as
      with sources as (
        select t.id, row_number() over (order by t.id) as k, count(*) over () as n
        from tasks t where t.status = '01' and exists (
          select 1 from task_awaiting w where w.task_id = t.id
            and (${approvers}::int[] is null or w.user_id = any(${approvers}::int[])))
      )
      select s.id as source_id, (select max(id) from tasks) + g.i as task_id
      from generate_series(1, ${count}) g(i) join sources s on s.k = 1 + (g.i - 1) % s.n`);
    await tx.execute(sql`
      insert into tasks (id, workflow_id, applicant_id, employee_id, organization_id, status, values, created_at, updated_at)
      select c.task_id, t.workflow_id, t.applicant_id, t.employee_id, t.organization_id, '01', t.values, now(), now()
      from bench_copies c join tasks t on t.id = c.source_id`);
    await tx.execute(sql`
      create temp table bench_node_copies on commit drop as
      select n.id as source_id, c.task_id,
        (select max(id) from task_nodes) + row_number() over (order by c.task_id, n.id) as node_id
      from bench_copies c join task_nodes n on n.task_id = c.source_id`);
    await tx.execute(sql`
      insert into task_nodes (id, task_id, node_id, code, name, "order", is_observer, status, reached_at, acted_by_id, acted_at)
      select nc.node_id, nc.task_id, n.node_id, n.code, n.name, n."order", n.is_observer, n.status, now(), n.acted_by_id, n.acted_at
      from bench_node_copies nc join task_nodes n on n.id = nc.source_id`);
    await tx.execute(sql`
      insert into task_node_approvers (task_node_id, user_id)
      select nc.node_id, a.user_id from bench_node_copies nc join task_node_approvers a on a.task_node_id = nc.source_id`);
    await tx.execute(sql`select setval(pg_get_serial_sequence('tasks', 'id'), (select max(id) from tasks))`);
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('task_nodes', 'id'), (select max(id) from task_nodes))`,
    );
  });
}
