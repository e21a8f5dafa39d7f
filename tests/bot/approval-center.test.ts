// Issue 36, acceptance 1: with LARK_APPROVAL_CENTER=on every request appears in Lark's Approval
// Center (the real SDK against the fake Lark): its definition, tasks, the proxy's task and cc; approve,
// send back, resubmit, reject, withdraw and undo each update it; the same state twice is sent once;
// the check job repairs a lost sync; Lark's limits slow the queue without failing jobs.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTask, TTaskNode } from '@portal/shared/contracts/tasks';
import { larkApprovalDefinitions } from '../../api/src/db/schema/lark-native.ts';
import { larkBindings } from '../../api/src/db/schema/lark.ts';
import { users } from '../../api/src/db/schema/users.ts';
import { eventually } from './support/cards.ts';
import { openIdOf, startHarness, type Harness } from './support/harness.ts';

type Json = Record<string, unknown>;
let h: Harness;
let ringiId: number;

beforeAll(async () => {
  h = await startHarness({ botEnv: { LARK_APPROVAL_CENTER: 'on' } });
  ringiId = await h.workflowId('一般稟議');
});
afterAll(() => h?.close());

async function submit(title: string): Promise<TTask> {
  const res = await h.as('yamada')<TTask>('POST', `/api/task/workflows/${ringiId}/form/`, {
    title,
    content: `${title}の内容`,
    amount: 5000,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

async function nodesOf(taskId: number): Promise<TTaskNode[]> {
  return (await h.as('yamada')<TTaskNode[]>('GET', `/api/task/tasks/${taskId}/nodes/`)).body;
}

async function act(username: string, taskId: number, nodeId: number, body: Json) {
  const res = await h.as(username)('POST', `/api/task/tasks/${taskId}/nodes/${nodeId}/approval/`, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const held = (taskId: number) => h.lark.instances.get(`task-${taskId}`);
const tasksOf = (instance: Json) => instance.task_list as Json[];
const taskOf = (instance: Json, username: string, nodeId: number, round = 0) =>
  tasksOf(instance).find((t) => t.task_id === `t${nodeId}-${userIds.get(username)}-${round}`);
const texts = (instance: Json) =>
  new Map(
    ((instance.i18n_resources as Json[])[0]!.texts as { key: string; value: string }[]).map((t) => [
      t.key,
      t.value,
    ]),
  );

/** Waits until Lark holds an instance of the request for which `probe` holds. */
function instanceWhere(taskId: number, what: string, probe: (instance: Json) => boolean) {
  return eventually(what, () => {
    const instance = held(taskId);
    return instance && probe(instance) ? instance : undefined;
  });
}

const userIds = new Map<string, number>();
beforeAll(async () => {
  const rows = await h.db.select({ id: users.id, username: users.username }).from(users);
  for (const r of rows) userIds.set(r.username, r.id);
});

describe('the Approval Center', () => {
  it('shows a request with its definition, the approver, the proxy of today and the observers', async () => {
    const task = await submit('センター表示');
    const [boss] = await nodesOf(task.id);
    const instance = await instanceWhere(task.id, 'the instance', () => true);

    // One definition, upserted before the instance, with its names as i18n keys and no start links.
    const definition = h.lark.definitions.get(`portal-workflow-${ringiId}`)!;
    expect(definition.body).toMatchObject({
      approval_name: '@i18n@workflow_name',
      external: { support_pc: true, support_mobile: true, enable_quick_operate: false },
    });
    const external = definition.body.external as Json;
    expect(Object.keys(external).filter((k) => /create_link|action_callback/.test(k))).toEqual([]);
    expect((definition.body.i18n_resources as Json[])[0]).toMatchObject({
      locale: 'ja-JP',
      is_default: true,
    });
    const [stored] = await h.db
      .select()
      .from(larkApprovalDefinitions)
      .where(eq(larkApprovalDefinitions.workflowId, ringiId));
    expect(stored).toMatchObject({ approvalCode: definition.larkCode, name: '一般稟議' });

    expect(instance).toMatchObject({
      approval_code: definition.larkCode,
      status: 'PENDING',
      update_mode: 'REPLACE',
      open_id: openIdOf('yamada'),
    });
    expect(texts(instance).get(instance.title as string)).toBe('一般稟議（山田 太郎）');
    expect((instance.form as Json[]).length).toBeLessThanOrEqual(3);
    expect(texts(instance).get((instance.form as Json[])[0]!.value as string)).toBe('センター表示');
    expect(decodeURIComponent((instance.links as Json).pc_link as string)).toContain(
      `https://portal.example.test/task/tasks/unresolved/${task.id}`,
    );
    expect(taskOf(instance, 'suzuki', boss!.id)).toMatchObject({
      status: 'PENDING',
      open_id: openIdOf('suzuki'),
      generate_type: 'DEFAULT',
    });
    expect(tasksOf(instance)).toHaveLength(1);

    // 部長承認: sato, and tanaka standing in for him today (the demo proxy).
    await act('suzuki', task.id, boss!.id, { action: 'approve' });
    const head = (await nodesOf(task.id)).find((n) => n.status === '01' && !n.is_observer)!;
    const next = await instanceWhere(task.id, 'the next node awaited', (i) =>
      Boolean(taskOf(i, 'sato', head.id)),
    );
    expect(taskOf(next, 'suzuki', boss!.id)).toMatchObject({ status: 'APPROVED' });
    expect(taskOf(next, 'sato', head.id)).toMatchObject({ status: 'PENDING', generate_type: 'DEFAULT' });
    expect(taskOf(next, 'tanaka', head.id)).toMatchObject({
      status: 'PENDING',
      generate_type: 'EXTERNAL_CONSIGN',
    });
    const ids = [...tasksOf(next), ...(next.cc_list as Json[])].map((t) => t.task_id ?? t.cc_id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('lists the observers in cc_list', async () => {
    const task = await submit('参照者');
    const observers = (await nodesOf(task.id)).filter((n) => n.is_observer).flatMap((n) => n.approvers);
    expect(observers.length).toBeGreaterThan(0);
    for (const o of observers) {
      await h.db
        .insert(larkBindings)
        .values({ userId: o.id, openId: `ou_observer_${o.id}` })
        .onConflictDoNothing();
    }
    // Any later event re-reads the state, observers' Lark users included.
    const [boss] = await nodesOf(task.id);
    await act('suzuki', task.id, boss!.id, { action: 'approve' });
    const instance = await instanceWhere(task.id, 'the cc list', (i) => (i.cc_list as Json[]).length > 0);
    const cc = instance.cc_list as Json[];
    const bound = await h.db.select().from(larkBindings);
    const expected = observers.map((o) => bound.find((b) => b.userId === o.id)!.openId).sort();
    expect(cc.map((c) => c.open_id).sort()).toEqual(expected);
    expect(cc.every((c) => String(c.cc_id).startsWith('cc'))).toBe(true);
  });

  it('follows send back, resubmit, reject, withdraw and undo', async () => {
    // Send back by the first approver, then resubmit: a 再申請 task for the applicant, closed with submit_again.
    const task = await submit('差戻し経路');
    const [boss] = await nodesOf(task.id);
    await act('suzuki', task.id, boss!.id, { action: 'send_back', comment: '見直してください' });
    const sentBack = await instanceWhere(task.id, 'the send back', (i) =>
      tasksOf(i).some((t) => String(t.task_id).startsWith('r')),
    );
    expect(sentBack.status).toBe('PENDING');
    expect(taskOf(sentBack, 'suzuki', boss!.id)).toMatchObject({
      status: 'REJECTED',
      extra: JSON.stringify({ complete_reason: 'specific_rollback' }),
    });
    const resubmitTask = tasksOf(sentBack).find((t) => String(t.task_id).startsWith('r'))!;
    expect(resubmitTask).toMatchObject({ status: 'PENDING', open_id: openIdOf('yamada') });
    expect(texts(sentBack).get(resubmitTask.title as string)).toBe('再申請');

    const resubmitted = await h.as('yamada')('POST', `/api/task/tasks/${task.id}/resubmit/`, {
      title: '差戻し経路',
      content: '直しました',
      amount: 5000,
    });
    expect(resubmitted.status, JSON.stringify(resubmitted.body)).toBe(200);
    // A resubmission makes the nodes anew: the earlier round's tasks stay as they ended.
    const [newBoss] = await nodesOf(task.id);
    expect(newBoss!.id).not.toBe(boss!.id);
    const again = await instanceWhere(task.id, 'the resubmission', (i) =>
      Boolean(taskOf(i, 'suzuki', newBoss!.id)),
    );
    expect(tasksOf(again).find((t) => t.task_id === resubmitTask.task_id)).toMatchObject({
      status: 'DONE',
      extra: JSON.stringify({ complete_reason: 'submit_again' }),
    });
    expect(taskOf(again, 'suzuki', boss!.id)!.status).toBe('REJECTED');
    expect(taskOf(again, 'suzuki', newBoss!.id)!.status).toBe('PENDING');
    expect(texts(again).get(taskOf(again, 'suzuki', boss!.id)!.title as string)).toBe('課長承認');

    // Reject: the instance is REJECTED.
    await act('suzuki', task.id, newBoss!.id, { action: 'reject', reason: '予算超過' });
    const rejected = await instanceWhere(task.id, 'the rejection', (i) => i.status === 'REJECTED');
    expect(taskOf(rejected, 'suzuki', newBoss!.id)!.status).toBe('REJECTED');
    expect(rejected.end_time).not.toBe('0');

    // Withdraw: CANCELED, and nobody keeps a pending task.
    const withdrawn = await submit('取下げ経路');
    await instanceWhere(withdrawn.id, 'the instance', () => true);
    const res = await h.as('yamada')('POST', `/api/task/tasks/${withdrawn.id}/withdraw/`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const canceled = await instanceWhere(withdrawn.id, 'the withdrawal', (i) => i.status === 'CANCELED');
    expect(tasksOf(canceled).filter((t) => t.status === 'PENDING')).toEqual([]);
    expect(tasksOf(canceled)).not.toHaveLength(0);

    // Undo an approval: the approver's task awaits again, the next node's tasks no longer do.
    const undone = await submit('取消し経路');
    const [first] = await nodesOf(undone.id);
    await act('suzuki', undone.id, first!.id, { action: 'approve' });
    await instanceWhere(
      undone.id,
      'the approval',
      (i) => taskOf(i, 'suzuki', first!.id)?.status === 'APPROVED',
    );
    const undo = await h.as('suzuki')('POST', `/api/task/tasks/${undone.id}/nodes/${first!.id}/undo/`);
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    const back = await instanceWhere(
      undone.id,
      'the undo',
      (i) => taskOf(i, 'suzuki', first!.id)?.status === 'PENDING',
    );
    expect(
      tasksOf(back)
        .filter((t) => t.status === 'PENDING')
        .map((t) => t.open_id),
    ).toEqual([openIdOf('suzuki')]);
  });

  it('sends the same state once, however often its events arrive', async () => {
    const task = await submit('二重イベント');
    await instanceWhere(task.id, 'the instance', () => true);
    const syncs = () => h.lark.instanceSyncs.filter((s) => s.instance_id === `task-${task.id}`).length;
    expect(syncs()).toBe(1);
    const job = await h.queues.events.getJobs(['completed']);
    const event = job.find(
      (j) =>
        j.name === 'task.submit' && (j.data as { payload: { task_id: number } }).payload.task_id === task.id,
    )!;
    // The same event again (a new job id, as a redelivery would be), and a sync job added by hand.
    await h.queues.events.add(event.name, event.data, { jobId: `${event.id}-again` });
    await h.bot.ctx.queues.approvals.add(
      'approval.mirror',
      { task_id: task.id },
      { jobId: `extra-${task.id}` },
    );
    await eventually('both jobs done', async () => {
      const done = await h.bot.ctx.queues.approvals.getJob(`extra-${task.id}`);
      return done && (await done.isCompleted()) ? done : undefined;
    });
    await eventually('the redelivered event done', async () => {
      const done = await h.queues.events.getJob(`${event.id}-again`);
      return done && (await done.isCompleted()) ? done : undefined;
    });
    expect(syncs()).toBe(1);
  });

  it('repairs a lost sync with the check job', async () => {
    const task = await submit('失われた同期');
    await instanceWhere(task.id, 'the instance', () => true);
    h.lark.loseInstance(`task-${task.id}`);
    const checksBefore = h.lark.apiCalls.externalInstanceCheck;
    await h.bot.ctx.queues.approvals.add('approval.check', { minutes: 10 }, { jobId: `check-${task.id}` });
    const repaired = await instanceWhere(task.id, 'the repaired instance', () => true);
    expect(repaired.status).toBe('PENDING');
    expect(h.lark.apiCalls.externalInstanceCheck).toBe(checksBefore + 1);
  });

  it("slows down at Lark's limits without failing a job", async () => {
    h.lark.setApiLimits({ perSecond: 2, perMinute: 1000 });
    try {
      const limitedBefore = h.lark.rateLimited.count;
      const tasks = [];
      for (let i = 0; i < 6; i++) tasks.push(await submit(`混雑 ${i}`));
      for (const task of tasks) await instanceWhere(task.id, `instance ${task.id}`, () => true);
      expect(h.lark.rateLimited.count).toBeGreaterThan(limitedBefore);
      expect(await h.bot.ctx.queues.approvals.getFailedCount()).toBe(0);
    } finally {
      h.lark.setApiLimits({ perSecond: 50, perMinute: 1000 });
    }
  });
});
