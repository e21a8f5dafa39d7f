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
 * The bells' users who may still be told: a deactivated account (a leaver, issue 34) gets no bell,
 * card or push, whatever becomes of the requests they filed or watch.
 */
async function activeBells(tx: Db, bells: readonly Bell[]): Promise<Bell[]> {
  const ids = [...new Set(bells.flatMap((b) => b.userIds))];
  if (ids.length === 0) return [...bells];
  const active = new Set(
    (
      await tx
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, ids), eq(users.isActive, true)))
    ).map((u) => u.id),
  );
  return bells.map((b) => ({ ...b, userIds: b.userIds.filter((id) => active.has(id)) }));
}

/** One statement (the event, its bells and its outbox row): a transition is a few round trips shorter. */
export async function recordTransition(tx: Db, transition: TransitionRecord): Promise<void> {
  const record = { ...transition, bells: await activeBells(tx, transition.bells) };
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
  const topic: TEventJobName = `task.${record.action}`;
  await tx.execute(sql`
    with event as (
      insert into ${taskEvents} (task_id, task_node_id, user_id, principal_id, action, comment)
      values (${record.taskId}, ${record.taskNodeId ?? null}, ${record.actorId}, ${record.principalId ?? null},
        ${record.action}, ${record.comment ?? null})
      returning id
    ), bells as (
      insert into ${notifications} (user_id, title, content, forward)
      select b.user_id, b.title, b.content, b.forward
      from jsonb_to_recordset(${JSON.stringify(bells)}::jsonb) as b(user_id integer, title text, content text, forward text)
    )
    insert into ${outbox} (topic, idempotency_key, payload)
    select ${topic}, 'task-event:' || event.id, ${JSON.stringify(payload)}::jsonb from event`);
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
