// What every transition writes beside its status change, in the same transaction: an audit event,
// one outbox row for the bot (keyed by the event, so a retried relay never posts twice) and the
// bell notifications.
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { outbox } from '../../db/schema/outbox.ts';
import { taskEvents } from '../../db/schema/tasks.ts';

export type TaskAction =
  | 'submit'
  | 'approve'
  | 'auto_approve'
  | 'send_back'
  | 'reject'
  | 'resubmit'
  | 'withdraw'
  | 'undo'
  | 'cancel_vacation';

export interface Bell {
  readonly userIds: readonly number[];
  readonly title: string;
  readonly content: string;
  readonly forward: string;
}

export interface TransitionRecord {
  readonly taskId: number;
  readonly action: TaskAction;
  readonly actorId: number;
  readonly taskNodeId?: number | null;
  readonly principalId?: number | null;
  readonly comment?: string | null;
  /** The task's status after the transition. */
  readonly status: string;
  readonly bells: readonly Bell[];
}

export async function recordTransition(tx: Db, record: TransitionRecord): Promise<void> {
  const [event] = await tx
    .insert(taskEvents)
    .values({
      taskId: record.taskId,
      taskNodeId: record.taskNodeId ?? null,
      userId: record.actorId,
      principalId: record.principalId ?? null,
      action: record.action,
      comment: record.comment ?? null,
    })
    .returning({ id: taskEvents.id });
  const rows = record.bells.flatMap((bell) =>
    [...new Set(bell.userIds)].map((userId) => ({
      userId,
      title: bell.title,
      content: bell.content,
      forward: bell.forward,
    })),
  );
  if (rows.length > 0) await tx.insert(notifications).values(rows);
  await tx.insert(outbox).values({
    topic: `task.${record.action}`,
    idempotencyKey: `task-event:${event!.id}`,
    payload: {
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
    },
  });
}

export const forwardTo = {
  approval: (taskId: number, taskNodeId: number) => `/task/tasks/approval/${taskId}/nodes/${taskNodeId}`,
  unresolved: (taskId: number) => `/task/tasks/unresolved/${taskId}`,
  finished: (taskId: number) => `/task/tasks/finished/${taskId}`,
  observer: (taskId: number) => `/task/tasks/observer/${taskId}`,
} as const;
