// Compact builders for workflow tests on the demo company: workflows and nodes written straight to
// the database, and the HTTP calls a test makes again and again.
import { eq, inArray } from 'drizzle-orm';
import request from 'supertest';
import { expect } from 'vitest';
import type { TTask, TTaskNode } from '@portal/shared/contracts/tasks';
import type { TFieldDataType, TWorkflowKind } from '@portal/shared/workflow/codes';
import { users } from '../../src/db/schema/users.ts';
import { nodeApprovers, nodes, workflowFields, workflows } from '../../src/db/schema/workflows.ts';
import type { TestContext } from './test-context.ts';

export interface FieldSpec {
  readonly name: string;
  readonly label?: string;
  readonly dataType?: TFieldDataType;
  readonly required?: boolean;
  readonly readonly?: boolean;
  readonly maxLength?: number;
  readonly choices?: readonly string[];
  readonly multiple?: boolean;
  readonly default?: string;
  readonly step?: number;
}

export interface NodeSpec {
  readonly code?: string;
  readonly name?: string;
  readonly order: number;
  readonly dispatch?: '01' | '02';
  readonly self?: '01' | '02';
  readonly observer?: string;
  /** Usernames of named approvers (observers for code 95). */
  readonly approvers?: readonly string[];
}

export async function userIds(t: TestContext, ...usernames: string[]): Promise<number[]> {
  const rows = await t.db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, usernames));
  return usernames.map((u) => rows.find((r) => r.username === u)!.id);
}

export async function userId(t: TestContext, username: string): Promise<number> {
  return (await userIds(t, username))[0]!;
}

let counter = 0;

export async function createWorkflow(
  t: TestContext,
  spec: { name?: string; kind?: TWorkflowKind; fields?: readonly FieldSpec[]; nodes: readonly NodeSpec[] },
): Promise<number> {
  counter += 1;
  const [workflow] = await t.db
    .insert(workflows)
    .values({ name: spec.name ?? `テスト申請${counter}`, kind: spec.kind ?? 'general' })
    .returning({ id: workflows.id });
  const fields = spec.fields ?? [{ name: 'title', label: '件名', required: true }];
  if (fields.length)
    await t.db.insert(workflowFields).values(
      fields.map((f, index) => ({
        workflowId: workflow!.id,
        name: f.name,
        label: f.label ?? f.name,
        dataType: f.dataType ?? 'string',
        order: index + 1,
        isRequired: f.required ?? false,
        isReadonly: f.readonly ?? false,
        maxLength: f.maxLength ?? null,
        choices: (f.choices ?? []).map((c) => ({ value: c, text: c })),
        multiple: f.multiple ?? false,
        default: f.default ?? null,
        step: f.step ?? null,
        dataSource: f.dataType === 'autocomplete' ? 'approvers/choice/' : null,
      })),
    );
  let code = 0;
  for (const node of spec.nodes) {
    code += 1;
    const [row] = await t.db
      .insert(nodes)
      .values({
        workflowId: workflow!.id,
        code: node.code ?? String(code).padStart(2, '0'),
        name: node.name ?? `ノード${code}`,
        order: node.order,
        nodeDispatch: node.dispatch ?? null,
        selfDispatch: node.self ?? '01',
        observerDispatch: node.observer ?? null,
      })
      .returning({ id: nodes.id });
    if (node.approvers?.length) {
      const ids = await userIds(t, ...node.approvers);
      await t.db.insert(nodeApprovers).values(ids.map((userId) => ({ nodeId: row!.id, userId })));
    }
  }
  return workflow!.id;
}

export async function deleteWorkflow(t: TestContext, id: number): Promise<void> {
  await t.db.delete(workflows).where(eq(workflows.id, id));
}

/** Signs each user in once per test file. */
export function tokens(t: TestContext) {
  const cache = new Map<string, string>();
  return async (username: string): Promise<{ Authorization: string }> => {
    if (!cache.has(username)) cache.set(username, (await t.signIn(username)).access);
    return t.auth(cache.get(username)!);
  };
}

export type As = ReturnType<typeof tokens>;

export async function submit(
  t: TestContext,
  as: As,
  username: string,
  workflowId: number,
  values: Record<string, unknown> = { title: '件名' },
): Promise<TTask> {
  const res = await request(t.app)
    .post(`/api/task/workflows/${workflowId}/form/`)
    .set(await as(username))
    .send(values);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as TTask;
}

export async function nodesOf(
  t: TestContext,
  as: As,
  username: string,
  taskId: number,
): Promise<TTaskNode[]> {
  const res = await request(t.app)
    .get(`/api/task/tasks/${taskId}/nodes/`)
    .set(await as(username));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as TTaskNode[];
}

/** The approver node instances, in order. */
export async function approverNodes(t: TestContext, as: As, username: string, taskId: number) {
  return (await nodesOf(t, as, username, taskId)).filter((n) => !n.is_observer);
}

export function act(
  t: TestContext,
  as: As,
  username: string,
  taskId: number,
  nodeId: number,
  body: Record<string, unknown> = { action: 'approve' },
) {
  return as(username).then((auth) =>
    request(t.app).post(`/api/task/tasks/${taskId}/nodes/${nodeId}/approval/`).set(auth).send(body),
  );
}

/** The approver node awaiting action now (the first one, for a parallel group). */
export async function awaiting(
  t: TestContext,
  as: As,
  taskId: number,
  applicant: string,
): Promise<TTaskNode> {
  const node = (await approverNodes(t, as, applicant, taskId)).find((n) => n.status === '01');
  expect(node, 'no node awaits action').toBeDefined();
  return node!;
}
