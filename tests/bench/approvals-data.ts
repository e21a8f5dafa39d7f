// Tasks added to the approvals benchmark's company (seed:large, api/src/seed/large/) while it runs.
// Kept apart so that profiling scripts can use it on the same data.
import { sql } from 'drizzle-orm';
import type { Db } from '../../api/src/db/client.ts';

const pgArray = (values: readonly (string | number)[]) =>
  sql.raw(`array[${values.map((v) => (typeof v === 'number' ? String(v) : `'${v}'`)).join(',')}]`);

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
