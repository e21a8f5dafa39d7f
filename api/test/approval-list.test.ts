// The approval list reads task_awaiting, which triggers keep (migration 0007). After every kind of
// transition the table must hold exactly one row per approver of each node awaiting action, and the
// list and its badge must show what the nodes say.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zPage } from '@portal/shared/contracts/pagination';
import { ZTaskListItem } from '@portal/shared/contracts/tasks';
import { approvalProxies } from '../src/db/schema/proxies.ts';
import { createTestContext, type TestContext } from './support/test-context.ts';
import {
  act,
  approverNodes,
  awaiting,
  createWorkflow,
  submit,
  tokens,
  userId,
  type As,
} from './support/workflow-fixtures.ts';

let t: TestContext;
let as: As;

beforeAll(async () => {
  t = await createTestContext();
  as = tokens(t);
});
afterAll(() => t?.close());

async function rows<T>(query: string): Promise<T[]> {
  return ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** task_awaiting against what the node instances and their approvers say it must be. */
async function expectAwaitingInStep(): Promise<void> {
  const kept = await rows(`
    select user_id, task_node_id, task_id, reached_at::text from task_awaiting
    order by task_node_id, user_id`);
  const derived = await rows(`
    select a.user_id, n.id as task_node_id, n.task_id, n.reached_at::text
    from task_nodes n join task_node_approvers a on a.task_node_id = n.id
    where n.status = '01' and not n.is_observer order by n.id, a.user_id`);
  expect(kept).toEqual(derived);
}

async function approvalList(username: string, page = 1) {
  const res = await request(t.app)
    .get(`/api/task/tasks/?filter=approval&page=${page}`)
    .set(await as(username));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return zPage(ZTaskListItem).parse(res.body);
}

async function badge(username: string): Promise<number> {
  const res = await request(t.app)
    .get('/api/account/statistics/')
    .set(await as(username));
  expect(res.status).toBe(200);
  return (res.body as { approval_tasks: number }).approval_tasks;
}

/** The node ids in `username`'s approval list for task `taskId`. */
async function listed(username: string, taskId: number): Promise<number[]> {
  const page = await approvalList(username);
  return page.results.filter((r) => r.id === taskId).map((r) => r.node_id!);
}

const THREE_STEPS = [
  { order: 1, dispatch: '02', name: '課長承認' },
  { order: 2, dispatch: '01', name: '部長承認' },
  { order: 3, approvers: ['takahashi'], name: '事業部長承認' },
] as const;

describe('the approval list follows every transition', () => {
  it('through approve, send back, resubmit, undo and withdraw', async () => {
    const workflowId = await createWorkflow(t, { nodes: THREE_STEPS });
    const suzukiBefore = await badge('suzuki');
    const created = await submit(t, as, 'yamada', workflowId);
    await expectAwaitingInStep();
    const first = await awaiting(t, as, created.id, 'yamada');
    expect(await listed('suzuki', created.id)).toEqual([first.id]);
    expect(await listed('sato', created.id)).toEqual([]);
    expect(await badge('suzuki')).toBe(suzukiBefore + 1);

    await act(t, as, 'suzuki', created.id, first.id);
    await expectAwaitingInStep();
    const second = await awaiting(t, as, created.id, 'yamada');
    expect(await listed('suzuki', created.id)).toEqual([]);
    expect(await listed('sato', created.id)).toEqual([second.id]);
    expect(await badge('suzuki')).toBe(suzukiBefore);

    const back = await act(t, as, 'sato', created.id, second.id, { action: 'send_back', comment: '再確認' });
    expect(back.status).toBe(200);
    await expectAwaitingInStep();
    expect(await listed('sato', created.id)).toEqual([]);

    const again = await request(t.app)
      .post(`/api/task/tasks/${created.id}/resubmit/`)
      .set(await as('yamada'))
      .send({ title: '修正' });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    await expectAwaitingInStep();
    const restarted = await awaiting(t, as, created.id, 'yamada');
    expect(await listed('suzuki', created.id)).toEqual([restarted.id]);

    await act(t, as, 'suzuki', created.id, restarted.id);
    const undone = await request(t.app)
      .post(`/api/task/tasks/${created.id}/nodes/${restarted.id}/undo/`)
      .set(await as('suzuki'));
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    await expectAwaitingInStep();
    expect(await listed('suzuki', created.id)).toEqual([restarted.id]);
    expect(await listed('sato', created.id)).toEqual([]);

    const withdrawn = await request(t.app)
      .post(`/api/task/tasks/${created.id}/withdraw/`)
      .set(await as('yamada'))
      .send({});
    expect(withdrawn.status).toBe(200);
    await expectAwaitingInStep();
    expect(await listed('suzuki', created.id)).toEqual([]);
    expect(await badge('suzuki')).toBe(suzukiBefore);
  });

  it('through reject and to the end', async () => {
    const workflowId = await createWorkflow(t, { nodes: THREE_STEPS });
    const rejected = await submit(t, as, 'yamada', workflowId);
    const node = await awaiting(t, as, rejected.id, 'yamada');
    await act(t, as, 'suzuki', rejected.id, node.id, { action: 'reject', reason: '予算超過のため' });
    await expectAwaitingInStep();
    expect(await listed('suzuki', rejected.id)).toEqual([]);

    const approved = await submit(t, as, 'yamada', workflowId);
    for (const username of ['suzuki', 'sato', 'takahashi']) {
      const current = await awaiting(t, as, approved.id, 'yamada');
      expect(await listed(username, approved.id)).toEqual([current.id]);
      await act(t, as, username, approved.id, current.id);
      await expectAwaitingInStep();
      expect(await listed(username, approved.id)).toEqual([]);
    }
  });

  it('for each member of a parallel group, naming the nodes still awaiting action', async () => {
    const workflowId = await createWorkflow(t, {
      nodes: [
        { order: 1, approvers: ['suzuki'], name: '開発一課' },
        { order: 1, approvers: ['tanaka'], name: '開発二課' },
        { order: 2, dispatch: '01', name: '部長' },
      ],
    });
    const created = await submit(t, as, 'yamada', workflowId);
    const [a, b] = await approverNodes(t, as, 'yamada', created.id);
    const row = (await approvalList('suzuki')).results.find((r) => r.id === created.id);
    expect(row).toMatchObject({ node_id: a!.id, current_node_name: '開発一課、開発二課', is_proxy: false });
    expect(await listed('tanaka', created.id)).toEqual([b!.id]);
    await act(t, as, 'tanaka', created.id, b!.id);
    await expectAwaitingInStep();
    expect(await listed('tanaka', created.id)).toEqual([]);
    const still = (await approvalList('suzuki')).results.find((r) => r.id === created.id);
    expect(still?.current_node_name).toBe('開発一課');
  });

  it('for a proxy during the period only, once per node', async () => {
    const workflowId = await createWorkflow(t, { nodes: THREE_STEPS });
    const created = await submit(t, as, 'yamada', workflowId);
    const node = await awaiting(t, as, created.id, 'yamada');
    expect(await listed('kato', created.id)).toEqual([]);
    const katoBefore = await badge('kato');
    await t.db.insert(approvalProxies).values({
      principalId: await userId(t, 'suzuki'),
      proxyId: await userId(t, 'kato'),
      startDate: '2000-01-01',
      endDate: '2999-12-31',
    });
    // kato stands in for suzuki twice over: still one row for the node.
    await t.db.insert(approvalProxies).values({
      principalId: await userId(t, 'suzuki'),
      proxyId: await userId(t, 'kato'),
      startDate: '2001-01-01',
      endDate: '2999-12-31',
    });
    const row = (await approvalList('kato')).results.filter((r) => r.id === created.id);
    expect(row).toHaveLength(1);
    expect(row[0]).toMatchObject({ node_id: node.id, is_proxy: true });
    // Everything awaiting suzuki now awaits kato too.
    expect(await badge('kato')).toBe(katoBefore + (await badge('suzuki')));
    await t.db.delete(approvalProxies);
    expect(await listed('kato', created.id)).toEqual([]);
  });

  it('pages newest first, and counts past the last page', async () => {
    const workflowId = await createWorkflow(t, { nodes: [{ order: 1, approvers: ['ito'], name: '承認' }] });
    for (let i = 0; i < 12; i++) await submit(t, as, 'yamada', workflowId, { title: `件名${i}` });
    const first = await approvalList('ito');
    const total = first.count;
    expect(total).toBeGreaterThanOrEqual(12);
    expect(first.results).toHaveLength(10);
    const times = first.results.map((r) => r.node_at!);
    expect([...times].sort().reverse()).toEqual(times);
    const second = await approvalList('ito', 2);
    expect(second.count).toBe(total);
    expect(second.results.map((r) => r.node_id)).not.toContain(first.results[0]!.node_id);
    const beyond = await request(t.app)
      .get('/api/task/tasks/?filter=approval&page=99')
      .set(await as('ito'));
    expect(beyond.status).toBe(200);
    expect(beyond.body).toMatchObject({ count: total, results: [], next: null });
  });
});
