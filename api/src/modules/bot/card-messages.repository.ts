import { asc, eq, sql } from 'drizzle-orm';
import type { TBotCardMessage, TBotCardMessages, TBotCardRecorded } from '@portal/shared/contracts/bot-jobs';
import type { Db } from '../../db/client.ts';
import { larkCardMessages } from '../../db/schema/bot.ts';
import { taskNodes, tasks } from '../../db/schema/tasks.ts';
import { NotFound } from '../../errors.ts';

/**
 * Records a posted card; a newer card for the same node and person replaces the older one. Stale:
 * the node was handled while the card was on its way, so the bot updates it at once.
 */
export async function recordCardMessage(db: Db, message: TBotCardMessage): Promise<TBotCardRecorded> {
  const [node] = await db
    .select({ taskId: taskNodes.taskId, status: taskNodes.status, taskStatus: tasks.status })
    .from(taskNodes)
    .innerJoin(tasks, eq(tasks.id, taskNodes.taskId))
    .where(eq(taskNodes.id, message.task_node_id));
  if (!node || node.taskId !== message.task_id) throw new NotFound();
  await db
    .insert(larkCardMessages)
    .values({
      taskId: message.task_id,
      taskNodeId: message.task_node_id,
      userId: message.user_id,
      messageId: message.message_id,
    })
    .onConflictDoUpdate({
      target: [larkCardMessages.taskNodeId, larkCardMessages.userId],
      set: { messageId: message.message_id, createdAt: sql`now()` },
    });
  return { stale: node.status !== '01' || node.taskStatus !== '01' };
}

export async function cardMessagesOfTask(db: Db, taskId: number): Promise<TBotCardMessages> {
  const rows = await db
    .select()
    .from(larkCardMessages)
    .where(eq(larkCardMessages.taskId, taskId))
    .orderBy(asc(larkCardMessages.id));
  return rows.map((r) => ({
    task_id: r.taskId,
    task_node_id: r.taskNodeId,
    user_id: r.userId,
    message_id: r.messageId,
    created_at: r.createdAt.toISOString(),
  }));
}
