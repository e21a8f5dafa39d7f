// Adding a workflow kind is registering its hooks: a kind the engine has never heard of runs
// (here the plain 'general', whose hooks no module registers; the asset kinds have their own)
// submit → approve → finished → undo through them, each inside the transition's transaction.
import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZTask } from '@portal/shared/contracts/tasks';
import { notifications } from '../src/db/schema/notifications.ts';
import { taskNodes, tasks } from '../src/db/schema/tasks.ts';
import { Conflict, ValidationError } from '../src/errors.ts';
import { registerWorkflowKind, type WorkflowKindHooks } from '../src/modules/tasks/workflow-kinds.ts';
import { createTestContext, type TestContext } from './support/test-context.ts';
import { act, approverNodes, createWorkflow, tokens, userId, type As } from './support/workflow-fixtures.ts';

let t: TestContext;
let as: As;

interface Call {
  readonly hook: string;
  readonly taskId?: number;
  /** The task's status as the hook saw it through its own connection. */
  readonly status?: string;
}
const calls: Call[] = [];
let refuseToFinish = false;
const REFUSED_BELL = '貸出の記録';

const lendingLikeKind: WorkflowKindHooks = {
  async prepare(_db, { body }) {
    calls.push({ hook: 'prepare' });
    if (typeof body.item !== 'string' || body.item === '')
      throw ValidationError.field('item', '品目を入力してください。');
    return {
      values: { item: body.item },
      uploads: [],
      async store(tx, taskId) {
        const [row] = await tx.select().from(tasks).where(eq(tasks.id, taskId));
        calls.push({ hook: 'store', taskId, status: row?.status });
      },
    };
  },
  async check(tx, { values, applicantId }) {
    calls.push({ hook: 'check' });
    if (values.item !== '貸出不可の品') return;
    // Written, then refused: the bell must vanish with the transaction.
    await tx
      .insert(notifications)
      .values({ userId: applicantId, title: REFUSED_BELL, content: '', forward: '' });
    throw ValidationError.field('item', 'この品目は貸し出せません。');
  },
  async onFinished(tx, task) {
    const [row] = await tx.select().from(tasks).where(eq(tasks.id, task.id));
    calls.push({ hook: 'onFinished', taskId: task.id, status: row?.status });
    if (refuseToFinish) throw new Conflict('貸出の準備ができていません。');
  },
  async onUndone(tx, task) {
    const [row] = await tx.select().from(tasks).where(eq(tasks.id, task.id));
    calls.push({ hook: 'onUndone', taskId: task.id, status: row?.status });
  },
};

beforeAll(async () => {
  t = await createTestContext();
  as = tokens(t);
  registerWorkflowKind('general', lendingLikeKind);
});
afterAll(() => t?.close());

async function submitLend(item: string) {
  const workflowId = await createWorkflow(t, {
    kind: 'general',
    fields: [],
    nodes: [{ order: 1, approvers: ['suzuki'], name: '資材担当承認' }],
  });
  return request(t.app)
    .post(`/api/task/workflows/${workflowId}/form/`)
    .set(await as('yamada'))
    .send({ item });
}

describe('a workflow kind registered with hooks', () => {
  it('runs submit, approve, finish and undo through its hooks, inside each transaction', async () => {
    calls.length = 0;
    const submitted = await submitLend('ノートPC');
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
    const task = ZTask.parse(submitted.body);
    expect(task).toMatchObject({ status: '01', workflow_kind: 'general' });
    // store sees the task row its transaction has just written.
    expect(calls).toEqual([
      { hook: 'prepare' },
      { hook: 'check' },
      { hook: 'store', taskId: task.id, status: '01' },
    ]);
    const [stored] = await t.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(stored!.values).toEqual({ item: 'ノートPC' });

    const [node] = await approverNodes(t, as, 'yamada', task.id);
    calls.length = 0;
    refuseToFinish = true;
    const refused = await act(t, as, 'suzuki', task.id, node!.id, { action: 'approve' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ detail: '貸出の準備ができていません。' });
    // The hook ran after the task finished, in the same transaction: its refusal undid the approval.
    expect(calls).toEqual([{ hook: 'onFinished', taskId: task.id, status: '90' }]);
    const [stillAwaiting] = await t.db.select().from(taskNodes).where(eq(taskNodes.id, node!.id));
    expect(stillAwaiting!.status).toBe('01');
    const [stillOpen] = await t.db.select().from(tasks).where(eq(tasks.id, task.id));
    expect(stillOpen!.status).toBe('01');

    calls.length = 0;
    refuseToFinish = false;
    const approved = await act(t, as, 'suzuki', task.id, node!.id, { action: 'approve' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(ZTask.parse(approved.body).status).toBe('90');
    expect(calls).toEqual([{ hook: 'onFinished', taskId: task.id, status: '90' }]);

    calls.length = 0;
    const undone = await request(t.app)
      .post(`/api/task/tasks/${task.id}/nodes/${node!.id}/undo/`)
      .set(await as('suzuki'));
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(ZTask.parse(undone.body).status).toBe('01');
    expect(calls).toEqual([{ hook: 'onUndone', taskId: task.id, status: '01' }]);
  });

  it('rolls back what its check wrote when the check refuses the request', async () => {
    calls.length = 0;
    const res = await submitLend('貸出不可の品');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ item: ['この品目は貸し出せません。'] });
    expect(calls).toEqual([{ hook: 'prepare' }, { hook: 'check' }]);
    const bells = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, await userId(t, 'yamada')), eq(notifications.title, REFUSED_BELL)));
    expect(bells).toEqual([]);
  });

  it('answers 400 from its prepare hook before anything is written', async () => {
    calls.length = 0;
    const res = await submitLend('');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ item: ['品目を入力してください。'] });
    expect(calls).toEqual([{ hook: 'prepare' }]);
  });
});
