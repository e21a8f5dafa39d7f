import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zPage } from '@portal/shared/contracts/pagination';
import { ZTask, ZTaskListItem, ZTaskNode, ZUndoInfo } from '@portal/shared/contracts/tasks';
import { WORKFLOW_MSG } from '@portal/shared/messages';
import { notifications } from '../src/db/schema/notifications.ts';
import { outbox } from '../src/db/schema/outbox.ts';
import { approvalProxies } from '../src/db/schema/proxies.ts';
import { createTestContext, expectJapaneseError, type TestContext } from './support/test-context.ts';
import {
  act,
  approverNodes,
  awaiting,
  createWorkflow,
  nodesOf,
  submit,
  tokens,
  userId,
  type As,
  type NodeSpec,
} from './support/workflow-fixtures.ts';

let t: TestContext;
let as: As;

beforeAll(async () => {
  t = await createTestContext();
  as = tokens(t);
});
afterAll(() => t?.close());

async function list(username: string, filter: string) {
  const res = await request(t.app)
    .get(`/api/task/tasks/?filter=${filter}`)
    .set(await as(username));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return zPage(ZTaskListItem).parse(res.body);
}

async function task(username: string, id: number) {
  const res = await request(t.app)
    .get(`/api/task/tasks/${id}/`)
    .set(await as(username));
  expect(res.status).toBe(200);
  return ZTask.parse(res.body);
}

/** 課長 (own head) → 部長 (parent head) → 事業部長 (named). */
const THREE_STEPS = [
  { order: 1, dispatch: '02', name: '課長承認' },
  { order: 2, dispatch: '01', name: '部長承認' },
  { order: 3, approvers: ['takahashi'], name: '事業部長承認' },
] as const;

describe('approving to the end', () => {
  it('moves through every node, notifies each approver and finishes the task', async () => {
    const workflowId = await createWorkflow(t, { name: '一般稟議テスト', nodes: THREE_STEPS });
    const created = await submit(t, as, 'yamada', workflowId);
    expect(ZTask.parse(created)).toMatchObject({
      status: '01',
      current_node_name: '課長承認',
      org_name: '開発一課',
    });
    expect(created.org_full_name).toBe('事業本部 システム事業部 開発部 開発一課');

    const nodes = await approverNodes(t, as, 'yamada', created.id);
    expect(nodes.map((n) => [n.node_name, n.status])).toEqual([
      ['課長承認', '01'],
      ['部長承認', '00'],
      ['事業部長承認', '00'],
    ]);
    expect(nodes[0]!.approver_name).toMatch(/^鈴木 /);
    expect(nodes.map((n) => n.approvers.map((a) => a.id))).toEqual([
      [await userId(t, 'suzuki')],
      [await userId(t, 'sato')],
      [await userId(t, 'takahashi')],
    ]);

    const suzukiList = await list('suzuki', 'approval');
    expect(suzukiList.results.find((r) => r.id === created.id)).toMatchObject({
      node_id: nodes[0]!.id,
      is_proxy: false,
    });
    const bell = await t.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, await userId(t, 'suzuki')),
          eq(notifications.forward, `/task/tasks/approval/${created.id}/nodes/${nodes[0]!.id}`),
        ),
      );
    expect(bell).toHaveLength(1);

    for (const [username, node] of [
      ['suzuki', nodes[0]!],
      ['sato', nodes[1]!],
      ['takahashi', nodes[2]!],
    ] as const) {
      const res = await act(t, as, username, created.id, node.id, { action: 'approve', comment: '了解' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      ZTask.parse(res.body);
    }
    const done = await task('yamada', created.id);
    expect(done).toMatchObject({ status: '90', status_name: '完了', current_node_name: null });
    expect(done.finished_at).not.toBeNull();
    expect((await approverNodes(t, as, 'yamada', created.id)).map((n) => n.status)).toEqual([
      '90',
      '90',
      '90',
    ]);

    expect((await list('yamada', 'finished')).results.map((r) => r.id)).toContain(created.id);
    expect((await list('yamada', 'unresolved')).results.map((r) => r.id)).not.toContain(created.id);
    expect((await list('sato', 'approval-finished')).results.find((r) => r.id === created.id)?.node_id).toBe(
      nodes[1]!.id,
    );
    const events = await t.db.select().from(outbox);
    expect(events.filter((e) => e.payload.task_id === created.id).map((e) => e.topic)).toEqual([
      'task.submit',
      'task.approve',
      'task.approve',
      'task.approve',
    ]);
  });

  it('counts the lists for the sidebar and the home screen', async () => {
    const workflowId = await createWorkflow(t, { nodes: THREE_STEPS });
    await submit(t, as, 'mori', workflowId);
    const res = await request(t.app)
      .get('/api/account/statistics/')
      .set(await as('mori'));
    expect(res.body).toEqual({ unresolved_tasks: 1, approval_tasks: 0 });
    const suzuki = await request(t.app)
      .get('/api/account/task/statistics/')
      .set(await as('suzuki'));
    expect(suzuki.body.approval).toBeGreaterThanOrEqual(1);
  });
});

describe('send back and resubmit', () => {
  it('returns the task to the applicant with the comment and restarts at the first node', async () => {
    const workflowId = await createWorkflow(t, { nodes: THREE_STEPS });
    const created = await submit(t, as, 'yamada', workflowId);
    const first = await awaiting(t, as, created.id, 'yamada');
    await act(t, as, 'suzuki', created.id, first.id);
    const second = await awaiting(t, as, created.id, 'yamada');

    const missing = await act(t, as, 'sato', created.id, second.id, { action: 'send_back', comment: '' });
    expect(missing.status).toBe(400);
    expect(missing.body.comment).toEqual(['コメント は必須項目です。']);

    const back = await act(t, as, 'sato', created.id, second.id, {
      action: 'send_back',
      comment: '金額を確認してください',
    });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ status: '02', can_resubmit: false });
    const mine = await task('yamada', created.id);
    expect(mine).toMatchObject({ status: '02', can_resubmit: true, can_withdraw: true });
    const nodes = await approverNodes(t, as, 'yamada', created.id);
    expect(nodes.map((n) => n.status)).toEqual(['90', '02', '00']);
    expect(nodes[1]!.comment).toBe('金額を確認してください');

    const again = await request(t.app)
      .post(`/api/task/tasks/${created.id}/resubmit/`)
      .set(await as('yamada'))
      .send({ title: '修正しました' });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.status).toBe('01');
    expect((await approverNodes(t, as, 'yamada', created.id)).map((n) => n.status)).toEqual([
      '01',
      '00',
      '00',
    ]);
    const form = await request(t.app)
      .get(`/api/task/tasks/${created.id}/form/`)
      .set(await as('suzuki'));
    expect(form.body.find((f: { name: string }) => f.name === 'title').value).toBe('修正しました');
  });

  it('refuses resubmitting a task that is not sent back', async () => {
    const workflowId = await createWorkflow(t, { nodes: THREE_STEPS });
    const created = await submit(t, as, 'yamada', workflowId);
    const res = await request(t.app)
      .post(`/api/task/tasks/${created.id}/resubmit/`)
      .set(await as('yamada'))
      .send({ title: 'x' });
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(WORKFLOW_MSG.taskNotEditable);
  });
});

describe('reject', () => {
  it('ends a task with the reason', async () => {
    const workflowId = await createWorkflow(t, { nodes: THREE_STEPS });
    const created = await submit(t, as, 'yamada', workflowId);
    const node = await awaiting(t, as, created.id, 'yamada');
    const noReason = await act(t, as, 'suzuki', created.id, node.id, { action: 'reject' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.reason).toEqual(['却下理由 は必須項目です。']);
    const res = await act(t, as, 'suzuki', created.id, node.id, {
      action: 'reject',
      reason: '予算超過のため',
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('10');
    const nodes = await approverNodes(t, as, 'yamada', created.id);
    expect(nodes.map((n) => [n.status, n.reason])).toEqual([
      ['10', '予算超過のため'],
      ['00', null],
      ['00', null],
    ]);
    expect((await list('yamada', 'finished')).results.map((r) => r.id)).toContain(created.id);
  });
});

describe('withdraw', () => {
  it('lets the applicant withdraw a task in progress, and nobody else', async () => {
    const workflowId = await createWorkflow(t, { nodes: THREE_STEPS });
    const created = await submit(t, as, 'yamada', workflowId);
    const byApprover = await request(t.app)
      .post(`/api/task/tasks/${created.id}/withdraw/`)
      .set(await as('suzuki'))
      .send({});
    expect(byApprover.status).toBe(403);
    const res = await request(t.app)
      .post(`/api/task/tasks/${created.id}/withdraw/`)
      .set(await as('yamada'))
      .send({});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: '99', status_name: '取消', can_withdraw: false });
    expect((await approverNodes(t, as, 'yamada', created.id)).map((n) => n.status)).toEqual([
      '00',
      '00',
      '00',
    ]);
    const twice = await request(t.app)
      .post(`/api/task/tasks/${created.id}/withdraw/`)
      .set(await as('yamada'))
      .send({});
    expect(twice.status).toBe(409);
    expectJapaneseError(twice.body);
  });
});

describe('undo', () => {
  it('takes back an approval while the next node has not acted, and refuses after', async () => {
    const workflowId = await createWorkflow(t, { nodes: THREE_STEPS });
    const created = await submit(t, as, 'yamada', workflowId);
    const first = await awaiting(t, as, created.id, 'yamada');
    await act(t, as, 'suzuki', created.id, first.id);

    const info = ZUndoInfo.parse(
      (
        await request(t.app)
          .get(`/api/task/tasks/${created.id}/undo-info/`)
          .set(await as('suzuki'))
      ).body,
    );
    expect(info).toEqual({ can_undo: true, node_id: first.id, message: null });
    const undone = await request(t.app)
      .post(`/api/task/tasks/${created.id}/nodes/${first.id}/undo/`)
      .set(await as('suzuki'));
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect((await approverNodes(t, as, 'yamada', created.id)).map((n) => n.status)).toEqual([
      '01',
      '00',
      '00',
    ]);

    await act(t, as, 'suzuki', created.id, first.id);
    const second = await awaiting(t, as, created.id, 'yamada');
    await act(t, as, 'sato', created.id, second.id);
    const refused = ZUndoInfo.parse(
      (
        await request(t.app)
          .get(`/api/task/tasks/${created.id}/undo-info/`)
          .set(await as('suzuki'))
      ).body,
    );
    expect(refused).toEqual({ can_undo: false, node_id: first.id, message: WORKFLOW_MSG.undoNotAllowed });
    const res = await request(t.app)
      .post(`/api/task/tasks/${created.id}/nodes/${first.id}/undo/`)
      .set(await as('suzuki'));
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(WORKFLOW_MSG.undoNotAllowed);
    expect((await approverNodes(t, as, 'yamada', created.id)).map((n) => n.status)).toEqual([
      '90',
      '90',
      '01',
    ]);
  });
});

describe('parallel group', () => {
  it('needs every member of the group before the next order starts', async () => {
    const workflowId = await createWorkflow(t, {
      nodes: [
        { order: 1, approvers: ['suzuki'], name: '開発一課' },
        { order: 1, approvers: ['tanaka'], name: '開発二課' },
        { order: 2, dispatch: '01', name: '部長' },
      ],
    });
    const created = await submit(t, as, 'yamada', workflowId);
    const [a, b, c] = await approverNodes(t, as, 'yamada', created.id);
    expect([a!.status, b!.status, c!.status]).toEqual(['01', '01', '00']);
    await act(t, as, 'tanaka', created.id, b!.id);
    expect((await approverNodes(t, as, 'yamada', created.id)).map((n) => n.status)).toEqual([
      '01',
      '90',
      '00',
    ]);
    expect((await task('yamada', created.id)).current_node_name).toBe('開発一課');
    await act(t, as, 'suzuki', created.id, a!.id);
    expect((await approverNodes(t, as, 'yamada', created.id)).map((n) => n.status)).toEqual([
      '90',
      '90',
      '01',
    ]);
  });
});

describe('selfDispatch', () => {
  it('01 approves the applicant’s own node at once', async () => {
    const workflowId = await createWorkflow(t, {
      nodes: [
        { order: 1, dispatch: '02', self: '01' },
        { order: 2, dispatch: '01' },
      ],
    });
    const created = await submit(t, as, 'suzuki', workflowId);
    const [own, next] = await approverNodes(t, as, 'suzuki', created.id);
    // Passed by nobody, with the reason: the applicant is not recorded as approving their own request.
    expect(own).toMatchObject({ status: '90', acted_by_id: null, comment: WORKFLOW_MSG.passedOwnNode });
    expect(next).toMatchObject({ status: '01', approvers: [{ id: await userId(t, 'sato') }] });
  });

  it('02 moves to the next higher head', async () => {
    const workflowId = await createWorkflow(t, { nodes: [{ order: 1, dispatch: '02', self: '02' }] });
    const created = await submit(t, as, 'suzuki', workflowId);
    const [node] = await approverNodes(t, as, 'suzuki', created.id);
    expect(node).toMatchObject({ status: '01', approvers: [{ id: await userId(t, 'sato') }] });
  });

  it('02 falls back to self-approval at the top: passed at submission, saying why', async () => {
    const workflowId = await createWorkflow(t, { nodes: [{ order: 1, dispatch: '02', self: '02' }] });
    const created = await submit(t, as, 'ito', workflowId);
    expect(created.status).toBe('90');
    const [node] = await approverNodes(t, as, 'ito', created.id);
    expect(node).toMatchObject({ status: '90', acted_by_id: null, comment: WORKFLOW_MSG.passedTopNode });
  });

  // The design question of issue 12: routing that lands on the applicant ("self if there is none")
  // must never leave a node awaiting them, since nobody acts on their own request (docs/workflow.md).
  it('never leaves a node awaiting its own applicant, whoever applies and however the node routes', async () => {
    const shapes: NodeSpec[][] = [];
    for (const self of ['01', '02'] as const) {
      for (const dispatch of ['01', '02'] as const) shapes.push([{ order: 1, dispatch, self }]);
      shapes.push([{ order: 1, approvers: ['suzuki'], self }]);
      shapes.push([
        { order: 1, approvers: ['suzuki'], self },
        { order: 1, dispatch: '01', self },
        { order: 2, dispatch: '02', self },
      ]);
    }
    for (const nodes of shapes) {
      const workflowId = await createWorkflow(t, { nodes });
      for (const applicant of ['yamada', 'suzuki', 'sato', 'takahashi', 'ito']) {
        const where = `${applicant} on ${JSON.stringify(nodes)}`;
        const res = await request(t.app)
          .post(`/api/task/workflows/${workflowId}/form/`)
          .set(await as(applicant))
          .send({ title: '件名' });
        if (res.status === 400) {
          // No head at all above the top (nodeDispatch 01 for 伊藤): refused, never routed to them.
          expect(res.body, where).toEqual({ non_field_errors: [WORKFLOW_MSG.noApprover] });
          continue;
        }
        expect(res.status, where).toBe(201);
        const created = ZTask.parse(res.body);
        const me = await userId(t, applicant);
        for (const node of await approverNodes(t, as, applicant, created.id)) {
          if (node.status === '90') {
            expect(node.acted_by_id, where).toBeNull();
            expect([WORKFLOW_MSG.passedOwnNode, WORKFLOW_MSG.passedTopNode], where).toContain(node.comment);
          } else {
            expect(
              node.approvers.map((a) => a.id),
              where,
            ).not.toContain(me);
            expect(node.approvers.length, where).toBeGreaterThan(0);
          }
        }
        const approval = await list(applicant, 'approval');
        expect(
          approval.results.map((r) => r.id),
          where,
        ).not.toContain(created.id);
      }
    }
  });
});

describe('observers', () => {
  async function membersOf(orgNames: string[]): Promise<number[]> {
    const result = (await t.db.execute(
      `select distinct u.id from users u join employees e on e.user_id = u.id join positions p on p.employee_id = e.id
       join organizations o on o.id = p.organization_id where o.name in (${orgNames.map((n) => `'${n}'`).join(',')}) order by u.id`,
    )) as unknown as { rows: { id: number }[] };
    return result.rows.map((r) => r.id);
  }

  it.each([
    ['10', ['suzuki']],
    ['12', ['sato']],
    ['14', ['takahashi']],
    ['16', ['ito']],
  ])('observerDispatch %s is the head above the applicant', async (code, heads) => {
    const workflowId = await createWorkflow(t, {
      nodes: [
        { order: 1, dispatch: '02' },
        { order: 1, code: '95', observer: code },
      ],
    });
    const created = await submit(t, as, 'yamada', workflowId);
    const observer = (await nodesOf(t, as, 'yamada', created.id)).find((n) => n.is_observer)!;
    expect(observer.approvers.map((a) => a.id)).toEqual(await Promise.all(heads.map((h) => userId(t, h))));
    expect(observer.node_code).toBe('95');
    const observed = await list(heads[0]!, 'observer');
    expect(observed.results.map((r) => r.id)).toContain(created.id);
  });

  const DEV1 = ['開発一課'];
  const DEV = [...DEV1, '開発部', '開発二課'];
  const SYS = [...DEV, 'システム事業部', '営業部', '営業一課', '営業二課'];
  const HQ = [...SYS, '事業本部', '管理事業部', '人事総務部', '人事課', '総務課', '経理部', '経理課'];
  it.each([
    ['30', DEV1],
    ['32', DEV],
    ['34', SYS],
    ['36', HQ],
    ['90', HQ],
  ])('observerDispatch %s is everyone in that organisation and below', async (code, orgs) => {
    const workflowId = await createWorkflow(t, {
      nodes: [
        { order: 1, dispatch: '02' },
        { order: 1, code: '95', observer: code },
      ],
    });
    const created = await submit(t, as, 'yamada', workflowId);
    const observer = (await nodesOf(t, as, 'yamada', created.id)).find((n) => n.is_observer)!;
    const yamada = await userId(t, 'yamada');
    const expected = (await membersOf(orgs)).filter((id) => id !== yamada);
    expect(observer.approvers.map((a) => a.id)).toEqual(expected);
  });
});

describe('approval proxy', () => {
  it('lets a proxy act in the period, recording both names', async () => {
    await t.db.insert(approvalProxies).values({
      principalId: await userId(t, 'suzuki'),
      proxyId: await userId(t, 'kato'),
      startDate: '2000-01-01',
      endDate: '2999-12-31',
    });
    const workflowId = await createWorkflow(t, { nodes: THREE_STEPS });
    const created = await submit(t, as, 'yamada', workflowId);
    const node = await awaiting(t, as, created.id, 'yamada');
    const waiting = (await list('kato', 'approval')).results.find((r) => r.id === created.id);
    expect(waiting).toMatchObject({ node_id: node.id, is_proxy: true });
    const res = await act(t, as, 'kato', created.id, node.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [acted] = await approverNodes(t, as, 'yamada', created.id);
    expect(ZTaskNode.parse(acted)).toMatchObject({
      status: '90',
      is_proxy: true,
      acted_by_id: await userId(t, 'kato'),
    });
    expect(acted!.acted_by_name).toMatch(/^加藤/);
    expect(acted!.principal_name).toMatch(/^鈴木/);
    await t.db.delete(approvalProxies);
  });
});
