// What a request's Approval Center instance is made of (docs/bot.md "Lark-native"): its card data
// (nodes, approvers, today's proxies), the definition stored for its workflow, when it last changed,
// every node round that ended (the k-th approve, send back or reject of a node; an approval undone
// no longer counts, so that round awaits again under the same k), the send backs with what followed
// them, and the observers. The bot turns it into Lark's instance; it never needs Lark's ids stored.
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type {
  TBotApprovalInstance,
  TBotChangedTasks,
  TMirrorEndedRound,
  TMirrorSendBack,
} from '@portal/shared/contracts/bot-lark-native';
import type { Db } from '../../db/client.ts';
import { larkApprovalDefinitions } from '../../db/schema/lark-native.ts';
import { taskEvents, taskNodeApprovers, taskNodes, tasks } from '../../db/schema/tasks.ts';
import { NotFound } from '../../errors.ts';
import { taskCardData } from './card-data.ts';
import { larkReachOf } from './lark-users.ts';

type EventRow = typeof taskEvents.$inferSelect;
const ENDING = new Set(['approve', 'auto_approve', 'send_back', 'reject']);

/** Each node's ended rounds in order; an undo takes back the node's last approval. */
function endedRounds(events: readonly EventRow[]) {
  const byNode = new Map<
    number,
    { userId: number | null; action: TMirrorEndedRound['action']; at: Date }[]
  >();
  for (const event of events) {
    if (event.taskNodeId === null) continue;
    const list = byNode.get(event.taskNodeId) ?? [];
    byNode.set(event.taskNodeId, list);
    if (ENDING.has(event.action)) {
      const action =
        event.action === 'auto_approve' ? 'approve' : (event.action as TMirrorEndedRound['action']);
      list.push({ userId: event.userId, action, at: event.createdAt });
    } else if (event.action === 'undo' && list.at(-1)?.action === 'approve') list.pop();
  }
  return byNode;
}

function sendBacks(events: readonly EventRow[]): TMirrorSendBack[] {
  return events
    .filter((e) => e.action === 'send_back')
    .map((sent) => {
      const after = events.filter((e) => e.id > sent.id);
      const resubmit = after.find((e) => e.action === 'resubmit');
      const closed = after.find((e) => e.action === 'withdraw' || e.action === 'reject');
      return {
        event_id: sent.id,
        at: sent.createdAt.toISOString(),
        resubmitted_at: resubmit?.createdAt.toISOString() ?? null,
        closed_at: !resubmit && closed ? closed.createdAt.toISOString() : null,
      };
    });
}

const lastChange = (updatedAt: Date, events: readonly EventRow[]) =>
  new Date(Math.max(updatedAt.getTime(), ...events.map((e) => e.createdAt.getTime())));

export async function approvalInstanceData(db: Db, taskId: number): Promise<TBotApprovalInstance> {
  const [row] = await db.select().from(tasks).where(eq(tasks.id, taskId));
  if (!row) throw new NotFound();
  const [card, events, definition, observers] = await Promise.all([
    taskCardData(db, taskId),
    db.select().from(taskEvents).where(eq(taskEvents.taskId, taskId)).orderBy(asc(taskEvents.id)),
    db.select().from(larkApprovalDefinitions).where(eq(larkApprovalDefinitions.workflowId, row.workflowId)),
    db
      .select({ nodeId: taskNodes.id, userId: taskNodeApprovers.userId, reachedAt: taskNodes.reachedAt })
      .from(taskNodes)
      .innerJoin(taskNodeApprovers, eq(taskNodeApprovers.taskNodeId, taskNodes.id))
      .where(and(eq(taskNodes.taskId, taskId), eq(taskNodes.isObserver, true))),
  ]);
  const rounds = endedRounds(events);
  const actors = [...rounds.values()].flatMap((list) =>
    list.map((r) => r.userId).filter((id): id is number => id !== null),
  );
  const reach = await larkReachOf(db, [...actors, ...observers.map((o) => o.userId)]);
  const person = (userId: number) => ({
    user_id: userId,
    open_id: reach.get(userId)?.open_id ?? null,
    lookup_email: reach.get(userId)?.lookup_email ?? null,
  });
  return {
    card,
    workflow_id: row.workflowId,
    definition: definition[0]
      ? { approval_code: definition[0].approvalCode, name: definition[0].name }
      : null,
    updated_at: lastChange(row.updatedAt, events).toISOString(),
    ended_rounds: [...rounds.entries()].flatMap(([nodeId, list]) =>
      list.flatMap((r, round) =>
        r.userId === null
          ? []
          : [{ ...person(r.userId), node_id: nodeId, round, action: r.action, at: r.at.toISOString() }],
      ),
    ),
    send_backs: sendBacks(events),
    cc: observers.map((o) => ({
      ...person(o.userId),
      node_id: o.nodeId,
      since: (o.reachedAt ?? row.createdAt).toISOString(),
    })),
  };
}

/** Stores the approval_code Lark answered for a workflow's definition, and the name it was sent with. */
export async function saveApprovalDefinition(
  db: Db,
  definition: { workflow_id: number; approval_code: string; name: string },
): Promise<void> {
  await db
    .insert(larkApprovalDefinitions)
    .values({
      workflowId: definition.workflow_id,
      approvalCode: definition.approval_code,
      name: definition.name,
    })
    .onConflictDoUpdate({
      target: larkApprovalDefinitions.workflowId,
      set: { approvalCode: definition.approval_code, name: definition.name, updatedAt: sql`now()` },
    });
}

/** Requests whose last change (as approvalInstanceData reports it) is within the last `minutes`. */
export async function changedTasks(db: Db, minutes: number): Promise<TBotChangedTasks> {
  const since = new Date(Date.now() - minutes * 60_000);
  const touched = await db
    .selectDistinct({ id: taskEvents.taskId })
    .from(taskEvents)
    .where(gt(taskEvents.createdAt, since));
  const updated = await db.select({ id: tasks.id }).from(tasks).where(gt(tasks.updatedAt, since));
  const ids = [...new Set([...touched, ...updated].map((r) => r.id))];
  if (ids.length === 0) return [];
  const [rows, events] = await Promise.all([
    db.select({ id: tasks.id, updatedAt: tasks.updatedAt }).from(tasks).where(inArray(tasks.id, ids)),
    db.select().from(taskEvents).where(inArray(taskEvents.taskId, ids)),
  ]);
  return rows
    .map((r) => ({
      task_id: r.id,
      updated_at: lastChange(
        r.updatedAt,
        events.filter((e) => e.taskId === r.id),
      ).toISOString(),
    }))
    .sort((a, b) => a.task_id - b.task_id);
}
