// Issue 12, item 14: the 承認依頼 bell of a node is read once the node no longer awaits action —
// approved, sent back or rejected by anyone who may act on it, or parked because the task was sent
// back, rejected or withdrawn — in the same transaction; a bell of a node still awaiting stays unread.
import { and, eq, like } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskLink } from '@portal/shared/workflow/task-links';
import { notifications } from '../src/db/schema/notifications.ts';
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
let workflowId: number;

beforeAll(async () => {
  t = await createTestContext();
  as = tokens(t);
  // A parallel group: suzuki's node and sato's node await action together.
  workflowId = await createWorkflow(t, {
    nodes: [
      { order: 1, approvers: ['suzuki'] },
      { order: 1, approvers: ['sato'] },
    ],
  });
});
afterAll(() => t?.close());

/** Whether `username`'s 承認依頼 bell for the node is read (undefined: there is none). */
async function bellRead(username: string, taskId: number, nodeId: number) {
  const rows = await t.db
    .select({ isRead: notifications.isRead })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, await userId(t, username)),
        eq(notifications.forward, taskLink.approval(taskId, nodeId)),
        like(notifications.title, '%承認依頼%'),
      ),
    );
  expect(rows, `${username}'s bell for node ${nodeId}`).toHaveLength(1);
  return rows[0]!.isRead;
}

async function started() {
  const task = await submit(t, as, 'yamada', workflowId);
  const [mine, other] = await approverNodes(t, as, 'yamada', task.id);
  expect(await bellRead('suzuki', task.id, mine!.id)).toBe(false);
  expect(await bellRead('sato', task.id, other!.id)).toBe(false);
  return { task, mine: mine!, other: other! };
}

describe('承認依頼 bells once the node is acted on (item 14)', () => {
  it('approving reads that node’s bell and leaves the other awaiting node’s unread', async () => {
    const { task, mine, other } = await started();
    expect((await act(t, as, 'suzuki', task.id, mine.id)).status).toBe(200);
    expect(await bellRead('suzuki', task.id, mine.id)).toBe(true);
    expect(await bellRead('sato', task.id, other.id)).toBe(false);
    expect((await act(t, as, 'sato', task.id, other.id)).status).toBe(200);
    expect(await bellRead('sato', task.id, other.id)).toBe(true);
  });

  it.each([
    ['send back', { action: 'send_back', comment: '直してください' }],
    ['reject', { action: 'reject', reason: '不要です' }],
  ])('%s reads every bell of the task’s nodes', async (_name, body) => {
    const { task, mine, other } = await started();
    expect((await act(t, as, 'suzuki', task.id, mine.id, body)).status).toBe(200);
    expect(await bellRead('suzuki', task.id, mine.id)).toBe(true);
    expect(await bellRead('sato', task.id, other.id)).toBe(true);
  });

  it('withdrawing reads every bell of the task’s nodes', async () => {
    const { task, mine, other } = await started();
    const res = await request(t.app)
      .post(`/api/task/tasks/${task.id}/withdraw/`)
      .set(await as('yamada'))
      .send({});
    expect(res.status).toBe(200);
    expect(await bellRead('suzuki', task.id, mine.id)).toBe(true);
    expect(await bellRead('sato', task.id, other.id)).toBe(true);
  });

  it('a refused action reads nothing', async () => {
    const { task, mine } = await started();
    expect((await act(t, as, 'sato', task.id, mine.id)).status).toBe(403);
    expect(await bellRead('suzuki', task.id, mine.id)).toBe(false);
  });
});
