// Requests (tasks) in every state, written set-based: the tasks of every module are first staged in
// one temporary table (large_tasks), then their node instances, approvers, awaiting rows, audit
// events and bells are derived from it with a statement each. Routing is the engine's for the node
// kinds the large company's workflows use: nodeDispatch 02 the 課長 (head of the applicant's 課), 01
// the 部長 (head of its parent) and named approvers (node_approvers), for approvers and observers.
import { sql } from 'drizzle-orm';
import { BELL_MSG } from '@portal/shared/messages';
import type { Db } from '../../db/client.ts';
import { syncSequence } from './bulk-insert.ts';
import { NAMED_STAFF } from './people.ts';
import { PURCHASE_ITEMS } from './names.ts';

/** 資材購入申請 (demo-workflows.ts): 課長 then 部長 approve, 経理 (hayashi) observes. */
export const PURCHASE_WORKFLOW_ID = 14;

/** Stands for the applicant's name in a bell sentence; replaced in SQL. */
const APPLICANT = '\u0001';

export async function stageTasks(tx: Db): Promise<void> {
  await tx.execute(sql`
    create temp table large_tasks (
      id int primary key, workflow_id int not null, applicant_id int not null, org_id int not null,
      status text not null, values jsonb not null, at timestamptz not null
    ) on commit drop`);
  // Who may apply: the members of a 課 who head nothing, the named staff aside (they approve).
  await tx.execute(sql`
    create temp table large_applicants on commit drop as
    select row_number() over (order by e.id) as n, e.user_id, p.organization_id as org_id
    from employees e
    join positions p on p.employee_id = e.id
    join organizations o on o.id = p.organization_id and o.level = '10'
    join users u on u.id = e.user_id
    where o.head_employee_id is distinct from e.id
      and u.username not in (${sql.join(
        NAMED_STAFF.map((n) => sql`${n}`),
        sql`, `,
      )})`);
}

/**
 * `count` 資材購入申請 over `spanDays` up to `now`, spread over the applicants. The newest 6 % are mostly
 * still in progress (awaiting, some sent back), the older ones mostly finished: 90 approved, 10
 * rejected, 99 withdrawn. Task ids start after `firstId - 1`.
 */
export async function stagePurchases(
  tx: Db,
  options: { count: number; firstId: number; spanDays: number; now: Date },
): Promise<void> {
  const { count, firstId, spanDays, now } = options;
  const recent = Math.ceil(count * 0.06);
  const items = sql.raw(`array[${PURCHASE_ITEMS.map((i) => `'${i}'`).join(',')}]`);
  await tx.execute(sql`
    insert into large_tasks (id, workflow_id, applicant_id, org_id, status, values, at)
    select ${firstId - 1} + g.i, ${PURCHASE_WORKFLOW_ID}, a.user_id, a.org_id, s.status,
      jsonb_build_object('item', (${items})[1 + g.i % ${PURCHASE_ITEMS.length}], 'quantity', 1 + g.i % 3,
        'unit_price', 1000 * (1 + (g.i * 37) % 300), 'reason', '業務で使用するため。',
        'assets_type', null, 'software', '', 'software_id', ''),
      ${now.toISOString()}::timestamptz - (${count} - g.i) * (${spanDays} * interval '1 day' / ${count})
    from generate_series(1, ${count}) g(i)
    join large_applicants a on a.n = 1 + (g.i::bigint * 7919) % (select count(*) from large_applicants)
    cross join lateral (select (g.i::bigint * 104729) % 1000 as r) h
    cross join lateral (select case when g.i > ${count - recent} then
        case when h.r < 600 then '01' when h.r < 650 then '02' when h.r < 700 then '10' when h.r < 730 then '99' else '90' end
      else
        case when h.r < 5 then '01' when h.r < 15 then '02' when h.r < 75 then '10' when h.r < 135 then '99' else '90' end
      end as status) s`);
}

async function writeRows(tx: Db): Promise<void> {
  await tx.execute(sql`
    insert into tasks (id, workflow_id, applicant_id, employee_id, organization_id, status, values, created_at, updated_at, finished_at)
    select t.id, t.workflow_id, t.applicant_id, e.id, t.org_id, t.status, t.values, t.at, t.at + interval '1 hour',
      case when t.status in ('10', '90', '99') then t.at + interval '1 day' end
    from large_tasks t join employees e on e.user_id = t.applicant_id`);
  // Node instances: those before the task's stage approved, the stage's one awaiting / sent back /
  // rejected as the task is, later ones not reached; observers keep 00. A one-step task stands at it.
  await tx.execute(sql`
    insert into task_nodes (task_id, node_id, code, name, "order", is_observer, status, reached_at, acted_by_id, acted_at)
    select x.task_id, x.node_id, x.code, x.name, x.ord, x.is_observer, x.st,
      case when x.st in ('01', '90', '02', '10') then x.at + (x.ord - 1) * interval '2 hours' end,
      case when x.st in ('90', '02', '10') then x.approver end,
      case when x.st in ('90', '02', '10') then x.at + x.ord * interval '2 hours' end
    from (
      select t.id as task_id, n.id as node_id, n.code, n.name, n."order" as ord, t.at, n.code = '95' as is_observer,
        coalesce(
          case n.node_dispatch when '02' then he.user_id when '01' then phe.user_id end,
          (select min(na.user_id) from node_approvers na where na.node_id = n.id)) as approver,
        case when n.code = '95' then '00'
             when t.status = '90' then '90'
             when n."order" < 1 + t.id % m.last then '90'
             when n."order" > 1 + t.id % m.last then '00'
             when t.status in ('01', '02', '10') then t.status
             else '00' end as st
      from large_tasks t
      join nodes n on n.workflow_id = t.workflow_id
      join (select workflow_id, max("order") filter (where code <> '95') as last from nodes group by workflow_id) m
        on m.workflow_id = t.workflow_id
      join organizations o on o.id = t.org_id
      left join employees he on he.id = o.head_employee_id
      left join organizations po on po.id = o.parent_id
      left join employees phe on phe.id = po.head_employee_id) x`);
  await tx.execute(sql`
    insert into task_node_approvers (task_node_id, user_id)
    select tn.id, case n.node_dispatch when '02' then he.user_id else phe.user_id end
    from large_tasks t
    join task_nodes tn on tn.task_id = t.id
    join nodes n on n.id = tn.node_id and n.node_dispatch is not null
    join organizations o on o.id = t.org_id
    left join employees he on he.id = o.head_employee_id
    left join organizations po on po.id = o.parent_id
    left join employees phe on phe.id = po.head_employee_id
    union all
    select tn.id, na.user_id
    from large_tasks t
    join task_nodes tn on tn.task_id = t.id
    join node_approvers na on na.node_id = tn.node_id`);
  await tx.execute(sql`
    insert into task_awaiting (user_id, task_node_id, task_id, reached_at)
    select a.user_id, n.id, n.task_id, n.reached_at
    from large_tasks t join task_nodes n on n.task_id = t.id join task_node_approvers a on a.task_node_id = n.id
    where n.status = '01' and not n.is_observer`);
}

async function writeEvents(tx: Db): Promise<void> {
  await tx.execute(sql`
    insert into task_events (task_id, task_node_id, user_id, action, comment, created_at)
    select id, null, applicant_id, 'submit', null, at from large_tasks
    union all
    select n.task_id, n.id, n.acted_by_id,
      case n.status when '90' then 'approve' when '02' then 'send_back' else 'reject' end,
      case n.status when '90' then '承認します。' when '02' then '内容を確認してください。' else '今回は見送ります。' end,
      n.acted_at
    from large_tasks t join task_nodes n on n.task_id = t.id where n.acted_by_id is not null
    union all
    select id, null, applicant_id, 'withdraw', null, at + interval '1 day' from large_tasks where status = '99'`);
  await tx.execute(sql`
    update task_nodes n set comment = case n.status when '90' then '承認します。' when '02' then '内容を確認してください。' end,
      reason = case when n.status = '10' then '今回は見送ります。' end
    from large_tasks t where n.task_id = t.id and n.acted_by_id is not null`);
}

/**
 * The bells the engine would have sent, for the workflow `workflowId` named `name`: every awaiting
 * approver's, the applicant's of a sent-back task and of one approved in the last 30 days, and the
 * observers' of a task of the last 30 days. Older and settled ones are read.
 */
async function writeBells(tx: Db, workflowId: number, name: string, now: Date): Promise<void> {
  const at = now.toISOString();
  await tx.execute(sql`
    insert into notifications (user_id, title, content, forward, is_read, created_at)
    select w.user_id, ${BELL_MSG.approvalTitle(name)},
      replace(${BELL_MSG.approvalContent(APPLICANT, name)}, ${APPLICANT}, u.full_name),
      '/task/tasks/approval/' || w.task_id || '/nodes/' || w.task_node_id,
      w.reached_at < ${at}::timestamptz - interval '7 days', w.reached_at
    from large_tasks t join task_awaiting w on w.task_id = t.id join users u on u.id = t.applicant_id
    where t.workflow_id = ${workflowId}
    union all
    select t.applicant_id, ${BELL_MSG.sentBackTitle}, ${BELL_MSG.sentBackContent(name, '内容を確認してください。')},
      '/task/tasks/unresolved/' || t.id, false, t.at + interval '1 hour'
    from large_tasks t where t.workflow_id = ${workflowId} and t.status = '02'
    union all
    select t.applicant_id, ${BELL_MSG.approvedTitle}, ${BELL_MSG.approvedContent(name)},
      '/task/tasks/finished/' || t.id, true, t.at + interval '1 day'
    from large_tasks t
    where t.workflow_id = ${workflowId} and t.status = '90' and t.at > ${at}::timestamptz - interval '30 days'
    union all
    select a.user_id, ${BELL_MSG.observerTitle(name)},
      replace(${BELL_MSG.observerContent(APPLICANT, name)}, ${APPLICANT}, u.full_name),
      '/task/tasks/observer/' || t.id, t.at < ${at}::timestamptz - interval '7 days', t.at
    from large_tasks t
    join task_nodes n on n.task_id = t.id and n.is_observer
    join task_node_approvers a on a.task_node_id = n.id
    join users u on u.id = t.applicant_id
    where t.workflow_id = ${workflowId} and t.at > ${at}::timestamptz - interval '30 days'`);
}

/** Writes every staged task with what follows from it. */
export async function writeStagedTasks(tx: Db, now: Date): Promise<void> {
  // The awaiting triggers would look up each row's node or approvers one at a time (migration 0007):
  // task_awaiting is written once, set-based, instead.
  await tx.execute(sql`alter table task_nodes disable trigger task_nodes_awaiting_insert`);
  await tx.execute(sql`alter table task_node_approvers disable trigger task_node_approvers_awaiting`);
  await writeRows(tx);
  await tx.execute(sql`alter table task_nodes enable trigger task_nodes_awaiting_insert`);
  await tx.execute(sql`alter table task_node_approvers enable trigger task_node_approvers_awaiting`);
  await writeEvents(tx);
  const used = (await tx.execute(sql`
    select w.id, w.name from workflows w where exists (select 1 from large_tasks t where t.workflow_id = w.id)
    order by w.id`)) as unknown as { rows: { id: number; name: string }[] };
  for (const w of used.rows) await writeBells(tx, w.id, w.name, now);
  await syncSequence(tx, 'tasks');
}
