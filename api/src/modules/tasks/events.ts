// What every transition writes beside its status change, in the same transaction: an audit event,
// one outbox row for the bot (keyed by the event, so a retried relay never posts twice) and the
// bell notifications.
import { and, eq, inArray, ne, not, sql } from 'drizzle-orm';
import type { TEventJobName, TTaskEventAction, TTaskEventPayload } from '@portal/shared/contracts/bot-jobs';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { outbox } from '../../db/schema/outbox.ts';
import { taskEvents, taskNodes } from '../../db/schema/tasks.ts';
import { users } from '../../db/schema/users.ts';
import { taskLink } from '@portal/shared/workflow/task-links';

export interface Bell {
  readonly userIds: readonly number[];
  readonly title: string;
  readonly content: string;
  readonly forward: string;
}

export interface TransitionRecord {
  readonly taskId: number;
  readonly action: TTaskEventAction;
  readonly actorId: number;
  readonly taskNodeId?: number | null;
  readonly principalId?: number | null;
  readonly comment?: string | null;
  /** The task's status after the transition. */
  readonly status: string;
  readonly bells: readonly Bell[];
}

/**
 * One statement (the event, its bells and its outbox row): a transition is a few round trips shorter.
 * The bells' users who may still be told are picked in it too: a deactivated account (a leaver,
 * issue 34) gets no bell, card or push, whatever becomes of the requests they filed or watch, so the
 * bells and the bot's notify lists keep the active users only, in their order.
 */
export async function recordTransition(tx: Db, record: TransitionRecord): Promise<void> {
  const bells = record.bells.flatMap((bell) =>
    [...new Set(bell.userIds)].map((userId) => ({
      user_id: userId,
      title: bell.title,
      content: bell.content,
      forward: bell.forward,
    })),
  );
  const payload: TTaskEventPayload = {
    task_id: record.taskId,
    action: record.action,
    actor_id: record.actorId,
    task_node_id: record.taskNodeId ?? null,
    principal_id: record.principalId ?? null,
    status: record.status,
    notify: record.bells.map((b) => ({
      user_ids: [...new Set(b.userIds)],
      title: b.title,
      forward: b.forward,
    })),
  };
  const userIds = [...new Set(bells.map((b) => b.user_id))];
  const topic: TEventJobName = `task.${record.action}`;
  await tx.execute(sql`
    with active as (
      select id from ${users} where id = any(${`{${userIds.join(',')}}`}::int[]) and is_active
    ), event as (
      insert into ${taskEvents} (task_id, task_node_id, user_id, principal_id, action, comment)
      values (${record.taskId}, ${record.taskNodeId ?? null}, ${record.actorId}, ${record.principalId ?? null},
        ${record.action}, ${record.comment ?? null})
      returning id
    ), bells as (
      insert into ${notifications} (user_id, title, content, forward)
      select b.user_id, b.title, b.content, b.forward
      from jsonb_to_recordset(${JSON.stringify(bells)}::jsonb) as b(user_id integer, title text, content text, forward text)
      where b.user_id in (select id from active)
    ), payload as (
      select ${JSON.stringify(payload)}::jsonb as p
    )
    insert into ${outbox} (topic, idempotency_key, payload)
    select ${topic}, 'task-event:' || event.id, jsonb_set(payload.p, '{notify}', coalesce((
        select jsonb_agg(jsonb_set(n.value, '{user_ids}', coalesce((
            select jsonb_agg(u.value order by u.ordinality)
            from jsonb_array_elements(n.value -> 'user_ids') with ordinality as u
            where u.value::int in (select id from active)), '[]'::jsonb)) order by n.ordinality)
        from jsonb_array_elements(payload.p -> 'notify') with ordinality as n), '[]'::jsonb))
    from event, payload`);
}

/**
 * The 承認依頼 bells of the task's approver nodes that no longer await action are read: once a node
 * is approved, sent back or rejected (by any of its approvers or a proxy), or parked because the task
 * was sent back, rejected or withdrawn, nobody is asked to act on it any more. Runs in the
 * transition's transaction, after the nodes changed.
 */
export async function readSettledApprovalBells(tx: Db, taskId: number): Promise<void> {
  // One statement: the links are built from the settled nodes in the database (one round trip less
  // for every approval, issue 38).
  const settledLinks = tx
    .select({ forward: sql<string>`${taskLink.approvalNodes(taskId)}::text || ${taskNodes.id}` })
    .from(taskNodes)
    .where(and(eq(taskNodes.taskId, taskId), ne(taskNodes.status, '01'), not(taskNodes.isObserver)));
  await tx
    .update(notifications)
    .set({ isRead: true })
    .where(and(not(notifications.isRead), inArray(notifications.forward, settledLinks)));
}
