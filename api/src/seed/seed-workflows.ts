// Writes the demo workflows and a few tasks in every status, running the engine's own planning and
// routing so approvers and observers follow the demo organisation. Past actions are history, not
// events: no notifications or outbox rows are written for them.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { VACATION_REJECT_REASONS } from '@portal/shared/workflow/codes';
import type { TFieldValues } from '@portal/shared/workflow/field-values';
import { tokyoDate } from '../dates.ts';
import {
  advance,
  insertFlow,
  loadNodeDefinitions,
  parkAwaitingNodes,
  planFlow,
} from '../modules/tasks/flow.ts';
import { loadApplicant } from '../modules/tasks/org-chain.ts';
import { kindHooks } from '../modules/tasks/workflow-kinds.ts';
import { runPaidLeaveGrants } from '../modules/vacations/grant-job.ts';
import type { Db } from '../db/client.ts';
import { registerWorkflowKinds } from '../register-kinds.ts';
import { demoAssetTypeId } from './assets.ts';
import { approvalProxies } from '../db/schema/proxies.ts';
import { attachments, taskNodeApprovers, taskNodes, tasks } from '../db/schema/tasks.ts';
import { users } from '../db/schema/users.ts';
import { employees } from '../db/schema/employees.ts';
import { nodeApprovers, nodes, workflowFields, workflows } from '../db/schema/workflows.ts';
import { DEMO_PAID_LEAVE, DEMO_PROXY, DEMO_TASKS, DEMO_WORKFLOWS, type DemoTask } from './demo-workflows.ts';

const DAY_MS = 86_400_000;
const ASSET_TYPE_TOKEN = '@asset-type:';
const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

function dateAt(now: Date, days: number): string {
  return tokyoDate(new Date(now.getTime() + days * DAY_MS));
}

/** '@year', '@month', '@mon-2' … against the seeding moment (Asia/Tokyo). */
function resolveToken(value: string | number | boolean | null, now: Date): string | number | boolean | null {
  if (typeof value !== 'string' || !value.startsWith('@')) return value;
  const today = tokyoDate(now);
  if (value === '@year') return Number(today.slice(0, 4));
  if (value === '@month') return today.slice(5, 7);
  // Last month: what a 勤怠報告 submitted in the first days of this one reports.
  const [thisYear, thisMonth] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  if (value === '@last-month-year') return thisMonth === 1 ? thisYear - 1 : thisYear;
  if (value === '@last-month') return String(thisMonth === 1 ? 12 : thisMonth - 1).padStart(2, '0');
  const match = /^@(mon|tue|wed|thu|fri)([+-]\d+)$/.exec(value);
  if (!match) throw new Error(`demo seed: unknown token ${value}`);
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
  const offset = WEEKDAYS.indexOf(match[1]!) - weekday + Number(match[2]) * 7;
  return dateAt(now, offset);
}

async function userIdsOf(tx: Db, usernames: readonly string[]): Promise<Map<string, number>> {
  const rows = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, [...usernames]));
  return new Map(rows.map((r) => [r.username, r.id]));
}

/** The demo workflow definitions; their named approvers (hayashi, inoue, takahashi) must exist. */
export async function writeWorkflows(tx: Db): Promise<void> {
  const named = await userIdsOf(
    tx,
    DEMO_WORKFLOWS.flatMap((w) => w.nodes.flatMap((n) => n.approvers ?? [])),
  );
  for (const workflow of DEMO_WORKFLOWS) {
    await tx.insert(workflows).values({
      id: workflow.id,
      name: workflow.name,
      category: workflow.category,
      description: workflow.description,
      kind: workflow.kind,
    });
    await tx.insert(workflowFields).values(
      workflow.fields.map((f) => ({
        workflowId: workflow.id,
        name: f.name,
        label: f.label,
        dataType: f.dataType ?? 'string',
        order: f.order,
        isRequired: f.required ?? false,
        isReadonly: f.readonly ?? false,
        maxLength: f.maxLength ?? null,
        helpText: f.helpText ?? '',
        default: f.default ?? null,
        choices: [...(f.choices ?? [])],
        step: f.step ?? null,
        multiple: f.multiple ?? false,
        dataSource: f.dataSource ?? null,
      })),
    );
    for (const node of workflow.nodes) {
      const [row] = await tx
        .insert(nodes)
        .values({
          workflowId: workflow.id,
          code: node.code,
          name: node.name,
          order: node.order,
          nodeDispatch: node.dispatch ?? null,
          selfDispatch: node.self ?? '01',
          observerDispatch: node.observer ?? null,
        })
        .returning({ id: nodes.id });
      const ids = (node.approvers ?? []).map((u) => named.get(u)!);
      if (ids.length)
        await tx.insert(nodeApprovers).values(ids.map((userId) => ({ nodeId: row!.id, userId })));
    }
  }
  // Explicit ids leave the identity sequence behind: move it past them.
  await tx.execute(
    sql`select setval(pg_get_serial_sequence('workflows', 'id'), (select max(id) from workflows))`,
  );
}

/** Acts on the first awaiting approver node as its first approver. */
async function actOnAwaiting(
  tx: Db,
  taskId: number,
  change: Partial<typeof taskNodes.$inferInsert>,
  at: Date,
) {
  const [node] = await tx
    .select({ id: taskNodes.id })
    .from(taskNodes)
    .where(and(eq(taskNodes.taskId, taskId), eq(taskNodes.status, '01')))
    .orderBy(taskNodes.order, taskNodes.id)
    .limit(1);
  const [approver] = await tx
    .select({ userId: taskNodeApprovers.userId })
    .from(taskNodeApprovers)
    .where(eq(taskNodeApprovers.taskNodeId, node!.id))
    .orderBy(taskNodeApprovers.userId)
    .limit(1);
  await tx
    .update(taskNodes)
    .set({ ...change, actedById: approver!.userId, actedAt: at })
    .where(eq(taskNodes.id, node!.id));
}

async function writeTask(tx: Db, demo: DemoTask, now: Date): Promise<void> {
  const applicantId = (await userIdsOf(tx, [demo.applicant])).get(demo.applicant)!;
  const applicant = await loadApplicant(tx, applicantId);
  const plan = await planFlow(tx, await loadNodeDefinitions(tx, demo.workflowId), applicant);
  const values: TFieldValues = {};
  for (const [name, value] of Object.entries(demo.values))
    values[name] =
      typeof value === 'string' && value.startsWith(ASSET_TYPE_TOKEN)
        ? await demoAssetTypeId(tx, value.slice(ASSET_TYPE_TOKEN.length))
        : resolveToken(value, now);
  if (demo.file) values[demo.file.field] = null;
  const createdAt = new Date(now.getTime() - demo.daysAgo * DAY_MS);
  const [task] = await tx
    .insert(tasks)
    .values({
      workflowId: demo.workflowId,
      applicantId,
      employeeId: applicant.employeeId,
      organizationId: applicant.chain[0]?.id ?? null,
      values,
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  if (demo.file)
    await tx.insert(attachments).values({
      taskId: task!.id,
      fieldName: demo.file.field,
      name: demo.file.name,
      contentType: demo.file.contentType,
      content: Buffer.from(demo.file.content, 'utf8'),
    });
  await insertFlow(tx, task!.id, applicantId, plan);
  await advance(tx, task!.id);
  const actedAt = new Date(createdAt.getTime() + DAY_MS / 4);
  for (let i = 0; i < demo.approved; i++) {
    await actOnAwaiting(tx, task!.id, { status: '90', comment: '承認します。' }, actedAt);
    await advance(tx, task!.id);
  }
  if (demo.end === 'send_back') {
    await actOnAwaiting(tx, task!.id, { status: '02', comment: demo.comment ?? '' }, actedAt);
    await parkAwaitingNodes(tx, task!.id);
    await tx.update(tasks).set({ status: '02', updatedAt: actedAt }).where(eq(tasks.id, task!.id));
  } else if (demo.end === 'reject') {
    const reason = VACATION_REJECT_REASONS.find((r) => r.value === demo.comment)?.label ?? demo.comment ?? '';
    await actOnAwaiting(tx, task!.id, { status: '10', reason }, actedAt);
    await parkAwaitingNodes(tx, task!.id);
    await tx
      .update(tasks)
      .set({ status: '10', updatedAt: actedAt, finishedAt: actedAt })
      .where(eq(tasks.id, task!.id));
  } else if (demo.end === 'withdraw') {
    await parkAwaitingNodes(tx, task!.id);
    await tx
      .update(tasks)
      .set({ status: '99', updatedAt: actedAt, finishedAt: actedAt })
      .where(eq(tasks.id, task!.id));
  } else if (demo.end === 'finish') {
    const [fresh] = await tx.select().from(tasks).where(eq(tasks.id, task!.id));
    if (fresh!.status !== '90') throw new Error(`demo seed: task of ${demo.applicant} did not finish`);
    await tx.update(tasks).set({ updatedAt: actedAt, finishedAt: actedAt }).where(eq(tasks.id, task!.id));
    // As the engine would: an approved vacation enters the leave history.
    const kind = DEMO_WORKFLOWS.find((w) => w.id === demo.workflowId)?.kind;
    if (kind) await kindHooks(kind).onFinished?.(tx, fresh!);
  }
}

/**
 * The demo workflows, tasks, paid leave and proxy. Skipped (false) when any workflow exists or the
 * demo employees are missing, so it never touches a real company's definitions.
 */
export async function seedDemoWorkflows(tx: Db, now: Date): Promise<boolean> {
  const [any] = await tx.select({ id: workflows.id }).from(workflows).limit(1);
  const people = await userIdsOf(tx, [
    DEMO_PROXY.principal,
    DEMO_PROXY.proxy,
    ...DEMO_TASKS.map((t) => t.applicant),
  ]);
  if (any || !people.has(DEMO_PROXY.principal)) return false;
  registerWorkflowKinds();
  await writeWorkflows(tx);

  const leaveUsers = await userIdsOf(tx, [...DEMO_PAID_LEAVE]);
  const leaveEmployees = await tx
    .select({ id: employees.id })
    .from(employees)
    .where(inArray(employees.userId, [...leaveUsers.values()]));
  await runPaidLeaveGrants(
    tx,
    tokyoDate(now),
    leaveEmployees.map((e) => e.id),
  );
  await tx.insert(approvalProxies).values({
    principalId: people.get(DEMO_PROXY.principal)!,
    proxyId: people.get(DEMO_PROXY.proxy)!,
    startDate: dateAt(now, -DEMO_PROXY.daysBefore),
    endDate: dateAt(now, DEMO_PROXY.daysAfter),
  });
  for (const demo of DEMO_TASKS) await writeTask(tx, demo, now);
  return true;
}
