// The writes of an approval and nothing else, as one transaction in raw SQL on the app's own database
// pool: the node approved under the task's row lock, the next parallel group started (or the task
// finished), and the event, bells and outbox row. No authentication, no capacity check, no reads to
// build the answer. What an approval costs above this is the app's share; this is the limit it can
// approach on this machine (approvals.bench.ts reports approvals as a share of it).
import { sql } from 'drizzle-orm';
import type { Db } from '../../api/src/db/client.ts';

type Rows<T> = { rows: T[] };

/** Approves `nodeId` of `taskId` for `actorId`; false when the node no longer awaited action. */
export async function bareApproval(
  db: Db,
  taskId: number,
  nodeId: number,
  actorId: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from tasks where id = ${taskId} for update`);
    const acted = (await tx.execute(sql`
      update task_nodes set status = '90', acted_by_id = ${actorId}, is_proxy = false, acted_at = now()
      where id = ${nodeId} and status = '01' returning id`)) as unknown as Rows<{ id: number }>;
    if (acted.rows.length === 0) return false;
    // The lowest order not reached starts once no approver node of the task awaits action.
    const started = (await tx.execute(sql`
      update task_nodes set status = '01', reached_at = now()
      where task_id = ${taskId} and not is_observer and status = '00'
        and not exists (select 1 from task_nodes w where w.task_id = ${taskId} and not w.is_observer and w.status = '01')
        and "order" = (select min("order") from task_nodes p where p.task_id = ${taskId} and not p.is_observer and p.status = '00')
      returning id`)) as unknown as Rows<{ id: number }>;
    const finished = (await tx.execute(sql`
      update tasks set status = '90', finished_at = now(), updated_at = now()
      where id = ${taskId} and not exists (select 1 from task_nodes n where n.task_id = ${taskId}
        and not n.is_observer and n.status in ('00', '01'))
      returning applicant_id`)) as unknown as Rows<{ applicant_id: number }>;
    const bellTo = finished.rows.length
      ? sql`select ${finished.rows[0]!.applicant_id}::int as user_id`
      : sql`select a.user_id from task_node_approvers a where a.task_node_id = any(${`{${started.rows.map((r) => r.id).join(',')}}`}::int[])`;
    await tx.execute(sql`
      with event as (
        insert into task_events (task_id, task_node_id, user_id, action)
        values (${taskId}::int, ${nodeId}::int, ${actorId}::int, 'approve') returning id
      ), bells as (
        insert into notifications (user_id, title, content, forward)
        select b.user_id, '承認依頼：bench', 'bench', ${`/task/tasks/approval/${taskId}`}::text from (${bellTo}) b
      )
      insert into outbox (topic, idempotency_key, payload)
      select 'task.approve', 'task-event:' || event.id,
        jsonb_build_object('task_id', ${taskId}::int, 'action', 'approve', 'actor_id', ${actorId}::int) from event`);
    return true;
  });
}
