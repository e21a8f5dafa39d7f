// Issue 12, item 12: the task's answer tells the page what the caller may do (allowed_actions and
// actionable_node_ids), by the rules the action services enforce: for each kind of viewer, every
// action the answer offers succeeds and every action it leaves out is refused.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTask, TTaskAction } from '@portal/shared/contracts/tasks';
import { approvalProxies } from '../src/db/schema/proxies.ts';
import { createTestContext, type TestContext } from './support/test-context.ts';
import {
  act,
  approverNodes,
  createWorkflow,
  nodesOf,
  submit,
  tokens,
  userId,
  type As,
} from './support/workflow-fixtures.ts';

let t: TestContext;
let as: As;
let workflowId: number;

beforeAll(async () => {
  t = await createTestContext();
  as = tokens(t);
  // kato stands in for suzuki (yamada's head, who approves the first step).
  await t.db.insert(approvalProxies).values({
    principalId: await userId(t, 'suzuki'),
    proxyId: await userId(t, 'kato'),
    startDate: '2000-01-01',
    endDate: '2999-12-31',
  });
  // Step 1: yamada's head (suzuki), with sato (the department head) observing; step 2: sato.
  workflowId = await createWorkflow(t, {
    nodes: [
      { order: 1, dispatch: '02' },
      { order: 1, code: '95', observer: '12' },
      { order: 2, approvers: ['sato'] },
    ],
  });
});
afterAll(() => t?.close());

async function taskAs(username: string, taskId: number) {
  return request(t.app)
    .get(`/api/task/tasks/${taskId}/`)
    .set(await as(username));
}

async function attempt(username: string, task: TTask, nodeId: number, action: TTaskAction) {
  if (action === 'withdraw')
    return request(t.app)
      .post(`/api/task/tasks/${task.id}/withdraw/`)
      .set(await as(username))
      .send({});
  const body =
    action === 'approve'
      ? { action }
      : action === 'send_back'
        ? { action, comment: '確認してください' }
        : { action, reason: '不要です' };
  return act(t, as, username, task.id, nodeId, body);
}

const VIEWERS = [
  ['the applicant', 'yamada', ['withdraw']],
  ['the approver', 'suzuki', ['approve', 'send_back', 'reject']],
  ['the approver’s proxy', 'kato', ['approve', 'send_back', 'reject']],
  ['an observer (the next step’s approver)', 'sato', []],
] as const;

describe('allowed_actions on the task (item 12)', () => {
  it.each(VIEWERS)('%s is offered exactly what the server accepts', async (_who, username, offered) => {
    for (const action of ['approve', 'send_back', 'reject', 'withdraw'] as const) {
      const task = await submit(t, as, 'yamada', workflowId);
      const [first] = await approverNodes(t, as, 'yamada', task.id);
      const seen = await taskAs(username, task.id);
      expect(seen.status).toBe(200);
      const body = seen.body as TTask;
      expect(body.allowed_actions).toEqual(offered);
      expect(body.actionable_node_ids).toEqual(
        (offered as readonly string[]).includes('approve') ? [first!.id] : [],
      );
      const res = await attempt(username, task, first!.id, action);
      if ((offered as readonly string[]).includes(action))
        expect(res.status, `${action}: ${JSON.stringify(res.body)}`).toBe(200);
      else expect([403, 404], `${action}: ${JSON.stringify(res.body)}`).toContain(res.status);
    }
  });

  it('offers nothing to an admin who is not on the task, and the server refuses them', async () => {
    const task = await submit(t, as, 'yamada', workflowId);
    const [first] = await approverNodes(t, as, 'yamada', task.id);
    expect((await taskAs('admin', task.id)).status).toBe(404);
    expect((await attempt('admin', task, first!.id, 'approve')).status).toBe(404);
  });

  it('moves the offer on with the flow: the next approver once step 1 is done, nobody once finished', async () => {
    const task = await submit(t, as, 'yamada', workflowId);
    const [first, second] = await approverNodes(t, as, 'yamada', task.id);
    const approved = await act(t, as, 'suzuki', task.id, first!.id);
    expect(approved.status).toBe(200);
    // The answer of an action is the task as its actor now sees it.
    expect((approved.body as TTask).allowed_actions).toEqual([]);
    const sato = (await taskAs('sato', task.id)).body as TTask;
    expect(sato.allowed_actions).toEqual(['approve', 'send_back', 'reject']);
    expect(sato.actionable_node_ids).toEqual([second!.id]);
    expect(((await taskAs('suzuki', task.id)).body as TTask).allowed_actions).toEqual([]);
    expect((await act(t, as, 'sato', task.id, second!.id)).status).toBe(200);
    for (const username of ['yamada', 'suzuki', 'kato', 'sato']) {
      const done = (await taskAs(username, task.id)).body as TTask;
      expect(done.allowed_actions, username).toEqual([]);
      expect(done.actionable_node_ids, username).toEqual([]);
    }
  });

  it('offers the applicant resubmit and withdraw once sent back, and the approver nothing', async () => {
    const task = await submit(t, as, 'yamada', workflowId);
    const [first] = await approverNodes(t, as, 'yamada', task.id);
    expect(
      (await act(t, as, 'suzuki', task.id, first!.id, { action: 'send_back', comment: '直して' })).status,
    ).toBe(200);
    expect(((await taskAs('yamada', task.id)).body as TTask).allowed_actions).toEqual([
      'resubmit',
      'withdraw',
    ]);
    expect(((await taskAs('suzuki', task.id)).body as TTask).allowed_actions).toEqual([]);
    expect((await nodesOf(t, as, 'yamada', task.id)).length).toBeGreaterThan(0);
  });

  it('offers the applicant named as an approver of their own step no decision', async () => {
    const own = await createWorkflow(t, { nodes: [{ order: 1, approvers: ['yamada', 'sato'] }] });
    const task = await submit(t, as, 'yamada', own);
    const [node] = await approverNodes(t, as, 'yamada', task.id);
    const mine = (await taskAs('yamada', task.id)).body as TTask;
    expect(mine.allowed_actions).toEqual(['withdraw']);
    expect(mine.actionable_node_ids).toEqual([]);
    expect((await act(t, as, 'yamada', task.id, node!.id)).status).toBe(403);
    expect(((await taskAs('sato', task.id)).body as TTask).actionable_node_ids).toEqual([node!.id]);
  });
});
