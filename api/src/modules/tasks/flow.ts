// The node instances of a task: planning them from the workflow's nodes, and moving the task on to
// the next order (parallel group) when the current one is complete.
import { and, asc, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm';
import { OBSERVER_NODE_CODE } from '@portal/shared/codes';
import { WORKFLOW_MSG } from '@portal/shared/messages';
import { NON_FIELD_ERRORS } from '@portal/shared/contracts/errors';
import { tableCache } from '../../cache/table-cache.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { approvalProxies } from '../../db/schema/proxies.ts';
import { taskNodeApprovers, taskNodes, tasks } from '../../db/schema/tasks.ts';
import { nodeApprovers, nodes } from '../../db/schema/workflows.ts';
import { tokyoDate } from '../../dates.ts';
import { ValidationError } from '../../errors.ts';
import type { Applicant } from './org-chain.ts';
import { resolveApprovers, type NodeDefinition } from './resolve-approvers.ts';
import { resolveObservers } from './resolve-observers.ts';

const nodeDefinitions = tableCache<NodeDefinition[]>(['nodes', 'node_approvers'], 1_000);

export function loadNodeDefinitions(db: Db, workflowId: number): Promise<NodeDefinition[]> {
  return nodeDefinitions.read(db, String(workflowId), () => readNodeDefinitions(db, workflowId));
}

async function readNodeDefinitions(db: Db, workflowId: number): Promise<NodeDefinition[]> {
  const rows = await db
    .select()
    .from(nodes)
    .where(eq(nodes.workflowId, workflowId))
    .orderBy(asc(nodes.order), asc(nodes.code), asc(nodes.id));
  const named = rows.length
    ? await db
        .select()
        .from(nodeApprovers)
        .where(
          inArray(
            nodeApprovers.nodeId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    order: r.order,
    nodeDispatch: r.nodeDispatch,
    selfDispatch: r.selfDispatch,
    observerDispatch: r.observerDispatch,
    approverIds: named.filter((n) => n.nodeId === r.id).map((n) => n.userId),
  }));
}

export interface PlannedNode {
  readonly definition: NodeDefinition;
  readonly isObserver: boolean;
  readonly approverIds: readonly number[];
  /**
   * Why the node is passed at submission (routing landed on the applicant, selfDispatch), or null. A
   * passed node is approved by nobody (acted_by null) with the reason as its comment, never awaiting
   * the applicant, who may not act on their own request.
   */
  readonly passed: 'own' | 'top' | null;
}

/** The comment a passed node carries: why nobody approved it. */
export const PASSED_NODE_COMMENT = {
  own: WORKFLOW_MSG.passedOwnNode,
  top: WORKFLOW_MSG.passedTopNode,
} as const;

/** Resolves every node; a node nobody can approve refuses the submission (400). */
export async function planFlow(db: Db, definitions: readonly NodeDefinition[], applicant: Applicant) {
  const plan: PlannedNode[] = [];
  for (const definition of definitions) {
    if (definition.code === OBSERVER_NODE_CODE) {
      const observers = await resolveObservers(db, definition, applicant);
      plan.push({ definition, isObserver: true, approverIds: observers, passed: null });
      continue;
    }
    const resolution = resolveApprovers(definition, applicant);
    if (resolution.kind === 'none') throw ValidationError.field(NON_FIELD_ERRORS, WORKFLOW_MSG.noApprover);
    // Whoever routing names, the applicant is never among those a node awaits.
    const others =
      resolution.kind === 'await' ? resolution.approverIds.filter((id) => id !== applicant.userId) : [];
    plan.push(
      others.length > 0
        ? { definition, isObserver: false, approverIds: others, passed: null }
        : {
            definition,
            isObserver: false,
            approverIds: [applicant.userId],
            passed: resolution.kind === 'self' ? resolution.reason : 'own',
          },
    );
  }
  if (!plan.some((p) => !p.isObserver))
    throw ValidationError.field(NON_FIELD_ERRORS, WORKFLOW_MSG.noApprover);
  return plan;
}

export async function insertFlow(tx: Db, taskId: number, applicantId: number, plan: readonly PlannedNode[]) {
  for (const planned of plan) {
    const { definition } = planned;
    // planFlow's promise, kept where it matters: no node the applicant would have to act on is stored.
    if (!planned.isObserver && !planned.passed && planned.approverIds.includes(applicantId))
      throw new Error(`node ${definition.id} of task ${taskId} would await its own applicant`);
    const [instance] = await tx
      .insert(taskNodes)
      .values({
        taskId,
        nodeId: definition.id,
        code: definition.code,
        name: definition.name,
        order: definition.order,
        isObserver: planned.isObserver,
        status: planned.passed ? '90' : '00',
        actedById: null,
        actedAt: planned.passed ? new Date() : null,
        comment: planned.passed ? PASSED_NODE_COMMENT[planned.passed] : null,
      })
      .returning({ id: taskNodes.id });
    if (planned.approverIds.length > 0)
      await tx
        .insert(taskNodeApprovers)
        .values(planned.approverIds.map((userId) => ({ taskNodeId: instance!.id, userId })));
  }
}

export interface Advance {
  /** Node instances that now await action, with who may act on them (approvers and their proxies). */
  readonly activated: readonly { readonly id: number; readonly userIds: readonly number[] }[];
  readonly finished: boolean;
  /** The task row when this changed it (finished). */
  readonly task?: typeof tasks.$inferSelect;
}

/**
 * When no approver node awaits action, starts the lowest order that has not been reached; when
 * every approver node is approved, finishes the task (90).
 */
export async function advance(tx: Db, taskId: number): Promise<Advance> {
  const approverNodes = await tx
    .select({ id: taskNodes.id, order: taskNodes.order, status: taskNodes.status })
    .from(taskNodes)
    .where(and(eq(taskNodes.taskId, taskId), eq(taskNodes.isObserver, false)));
  if (approverNodes.some((n) => n.status === '01')) return { activated: [], finished: false };
  const pending = approverNodes.filter((n) => n.status === '00');
  if (pending.length === 0) {
    const [task] = await tx
      .update(tasks)
      .set({ status: '90', finishedAt: new Date(), updatedAt: new Date() })
      .where(eq(tasks.id, taskId))
      .returning();
    return { activated: [], finished: true, task };
  }
  const order = Math.min(...pending.map((n) => n.order));
  const ids = pending.filter((n) => n.order === order).map((n) => n.id);
  await tx.update(taskNodes).set({ status: '01', reachedAt: new Date() }).where(inArray(taskNodes.id, ids));
  const actors = await actorsOfNodes(tx, ids);
  return { activated: ids.map((id) => ({ id, userIds: actors.get(id) ?? [] })), finished: false };
}

/** actorsOf for several node instances in one query. */
export async function actorsOfNodes(db: Db, taskNodeIds: readonly number[]): Promise<Map<number, number[]>> {
  if (taskNodeIds.length === 0) return new Map();
  const today = tokyoDate();
  const rows = await queryRows<{ task_node_id: number; user_id: number }>(
    db,
    sql`
    select a.task_node_id, a.user_id, 0 as kind from ${taskNodeApprovers} a
    where a.task_node_id in ${taskNodeIds}
    union all
    select a.task_node_id, p.proxy_id, 1 from ${taskNodeApprovers} a
    join ${approvalProxies} p on p.principal_id = a.user_id
    where a.task_node_id in ${taskNodeIds} and p.start_date <= ${today} and p.end_date >= ${today}
    order by 1, 3`,
  );
  const actors = new Map<number, number[]>();
  for (const row of rows) {
    const list = actors.get(row.task_node_id) ?? [];
    if (!list.includes(row.user_id)) list.push(row.user_id);
    actors.set(row.task_node_id, list);
  }
  return actors;
}

/** The approvers of a node instance. */
export async function approversOf(db: Db, taskNodeId: number): Promise<number[]> {
  const rows = await db
    .select({ userId: taskNodeApprovers.userId })
    .from(taskNodeApprovers)
    .where(eq(taskNodeApprovers.taskNodeId, taskNodeId));
  return rows.map((r) => r.userId);
}

/** Approvers and, today, the proxies standing in for them. */
export async function actorsOf(db: Db, taskNodeId: number): Promise<number[]> {
  const approvers = await approversOf(db, taskNodeId);
  if (approvers.length === 0) return [];
  const today = tokyoDate();
  const proxies = await db
    .select({ proxyId: approvalProxies.proxyId })
    .from(approvalProxies)
    .where(
      and(
        inArray(approvalProxies.principalId, approvers),
        lte(approvalProxies.startDate, today),
        gte(approvalProxies.endDate, today),
      ),
    );
  return [...new Set([...approvers, ...proxies.map((p) => p.proxyId)])];
}

/**
 * In what capacity `userId` may act on a node awaiting one of `approvers` today: as an approver, as
 * the proxy of one (the principal is recorded), or not at all.
 */
export async function capacityOf(
  db: Db,
  approvers: readonly number[],
  userId: number,
): Promise<{ readonly principalId: number | null } | null> {
  if (approvers.includes(userId)) return { principalId: null };
  if (approvers.length === 0) return null;
  const today = tokyoDate();
  const [proxy] = await db
    .select({ principalId: approvalProxies.principalId })
    .from(approvalProxies)
    .where(
      and(
        eq(approvalProxies.proxyId, userId),
        inArray(approvalProxies.principalId, [...approvers]),
        lte(approvalProxies.startDate, today),
        gte(approvalProxies.endDate, today),
      ),
    )
    .orderBy(asc(approvalProxies.principalId))
    .limit(1);
  return proxy ? { principalId: proxy.principalId } : null;
}

/** Takes the task row lock: every transition of one task runs one at a time. */
export async function lockTask(tx: Db, taskId: number) {
  const [row] = await tx.select().from(tasks).where(eq(tasks.id, taskId)).for('update');
  return row ?? null;
}

/** Returns awaiting nodes to "not reached" (send back, reject, withdraw). */
export async function parkAwaitingNodes(tx: Db, taskId: number): Promise<void> {
  await tx
    .update(taskNodes)
    .set({ status: '00', reachedAt: null })
    .where(and(eq(taskNodes.taskId, taskId), eq(taskNodes.status, '01')));
}

/** Nodes after `order` back to "not reached" (undo). */
export async function resetAfter(tx: Db, taskId: number, order: number): Promise<void> {
  await tx
    .update(taskNodes)
    .set({ status: '00', reachedAt: null })
    .where(and(eq(taskNodes.taskId, taskId), eq(taskNodes.isObserver, false), gt(taskNodes.order, order)));
}
