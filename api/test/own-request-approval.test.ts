// Issue 12, item 1: nobody acts on a request they applied for, whatever made them an approver (a
// proxy, a named approver, a parallel group), and their own requests never appear in their approval
// list.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKFLOW_MSG } from '@portal/shared/messages';
import { tokyoDate } from '../src/dates.ts';
import { createTestContext, type TestContext } from './support/test-context.ts';
import {
  act,
  approverNodes,
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

async function approvalList(username: string): Promise<number[]> {
  const res = await request(t.app)
    .get('/api/task/tasks/?filter=approval')
    .set(await as(username));
  expect(res.status).toBe(200);
  return (res.body.results as { id: number }[]).map((r) => r.id);
}

describe('acting on one’s own request (item 1)', () => {
  it('refuses the applicant who stands in as the approver’s proxy, and keeps it out of their list', async () => {
    const proxy = await request(t.app)
      .post('/api/account/proxies/')
      .set(await as('suzuki'))
      .send({ proxy_id: await userId(t, 'yamada'), start_date: tokyoDate(), end_date: tokyoDate() });
    expect(proxy.status, JSON.stringify(proxy.body)).toBe(201);
    const workflowId = await createWorkflow(t, { nodes: [{ order: 1, dispatch: '02' }] });
    const task = await submit(t, as, 'yamada', workflowId);
    const [node] = await approverNodes(t, as, 'yamada', task.id);
    expect(await approvalList('yamada')).not.toContain(task.id);
    const res = await act(t, as, 'yamada', task.id, node!.id);
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe(WORKFLOW_MSG.ownTask);
    expect(await approvalList('suzuki')).toContain(task.id);
    expect((await act(t, as, 'suzuki', task.id, node!.id)).status).toBe(200);
  });

  it('refuses the applicant named as an approver, alone or in a parallel group', async () => {
    const workflowId = await createWorkflow(t, {
      nodes: [
        { order: 1, approvers: ['yamada', 'sato'] },
        { order: 1, approvers: ['yamada'] },
      ],
    });
    const task = await submit(t, as, 'yamada', workflowId);
    expect(await approvalList('yamada')).not.toContain(task.id);
    for (const node of await approverNodes(t, as, 'yamada', task.id)) {
      const res = await act(t, as, 'yamada', task.id, node.id);
      expect(res.status, node.node_name).toBe(403);
    }
  });
});
