// Issue 36, acceptance 2: quick approval from the Approval Center. A bad token, an undecryptable body
// or an unknown user_id change nothing; APPROVE approves (the card and the instance follow), a repeat
// gets 409 in Lark's shape; REJECT sends back.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTask, TTaskNode } from '@portal/shared/contracts/tasks';
import { SUCCESS } from '@portal/shared/messages';
import { larkBindings } from '../../api/src/db/schema/lark.ts';
import { users } from '../../api/src/db/schema/users.ts';
import { QUICK_MSG } from '../../bot/src/approval-center/quick-approval.ts';
import { sendQuickApproval, type QuickApprovalCallback } from '../support/fakes/fake-lark.ts';
import { buttonValue, eventually, messagesTo, textOf } from './support/cards.ts';
import { openIdOf, startHarness, type Harness } from './support/harness.ts';

const TOKEN = 'quick-approval-token-0123456789';
const KEY = 'quick-approval-encrypt-key';
let h: Harness;
let ringiId: number;
const userIds = new Map<string, number>();

beforeAll(async () => {
  h = await startHarness({
    botEnv: {
      LARK_APPROVAL_CENTER: 'on',
      LARK_APPROVAL_CALLBACK_URL: 'https://bot.example.test/lark/approval',
      LARK_APPROVAL_CALLBACK_TOKEN: TOKEN,
      LARK_APPROVAL_CALLBACK_KEY: KEY,
    },
  });
  ringiId = await h.workflowId('一般稟議');
  for (const r of await h.db.select({ id: users.id, username: users.username }).from(users))
    userIds.set(r.username, r.id);
  // As a Lark sign-in stores it: the tenant's user_id beside the open_id.
  for (const username of ['suzuki', 'sato'])
    await h.db
      .update(larkBindings)
      .set({ userIdInLark: `lu_${username}` })
      .where(eq(larkBindings.userId, userIds.get(username)!));
});
afterAll(() => h?.close());

async function submit(title: string): Promise<{ task: TTask; node: TTaskNode }> {
  const res = await h.as('yamada')<TTask>('POST', `/api/task/workflows/${ringiId}/form/`, {
    title,
    content: '内容',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const nodes = await h.as('yamada')<TTaskNode[]>('GET', `/api/task/tasks/${res.body.id}/nodes/`);
  return { task: res.body, node: nodes.body[0]! };
}

const nodeStatus = async (taskId: number, nodeId: number) =>
  (await h.as('yamada')<TTaskNode[]>('GET', `/api/task/tasks/${taskId}/nodes/`)).body.find(
    (n) => n.id === nodeId,
  )!.status;

function quick(overrides: Partial<QuickApprovalCallback> & { taskId: string; instanceId: string }) {
  return sendQuickApproval({
    url: `${h.bot.url}/lark/approval`,
    token: TOKEN,
    key: KEY,
    actionType: 'APPROVE',
    userId: 'lu_suzuki',
    ...overrides,
  });
}

/** The suzuki task of the request's instance, once Lark holds it with its quick actions. */
async function pendingTask(taskId: number, nodeId: number) {
  const id = `t${nodeId}-${userIds.get('suzuki')}-0`;
  const instance = await eventually('the instance', () => {
    const held = h.lark.instances.get(`task-${taskId}`);
    return (held?.task_list as Record<string, unknown>[] | undefined)?.some((t) => t.task_id === id)
      ? held
      : undefined;
  });
  return { instanceId: instance.instance_id as string, taskId: id, instance };
}

describe('quick approval', () => {
  it('puts the callback on the definition and APPROVE / 差戻し on each pending task', async () => {
    const { task, node } = await submit('クイック定義');
    const { instance, taskId } = await pendingTask(task.id, node.id);
    const definition = h.lark.definitions.get(`portal-workflow-${ringiId}`)!;
    expect(definition.body.external).toMatchObject({
      enable_quick_operate: true,
      action_callback_url: 'https://bot.example.test/lark/approval',
      action_callback_token: TOKEN,
      action_callback_key: KEY,
    });
    const pending = (instance.task_list as Record<string, unknown>[]).find((t) => t.task_id === taskId)!;
    const configs = pending.action_configs as Record<string, unknown>[];
    expect(configs.map((c) => [c.action_type, c.is_reason_required])).toEqual([
      ['APPROVE', false],
      ['REJECT', true],
    ]);
    const texts = new Map(
      (
        (instance.i18n_resources as Record<string, unknown>[])[0]!.texts as { key: string; value: string }[]
      ).map((t) => [t.key, t.value]),
    );
    expect(configs.map((c) => texts.get(c.action_name as string))).toEqual(['承認', '差戻し']);
  });

  it("shows the quick actions on Lark mobile only, in Lark's shape; the fake refuses any other", async () => {
    const { task, node } = await submit('クイックはモバイルのみ');
    const { instance, taskId } = await pendingTask(task.id, node.id);
    // Lark has no per-action platform field: quick actions show in the mobile client, which the
    // definition turns on with support_mobile (support_pc keeps the list on the desktop too).
    const definition = h.lark.definitions.get(`portal-workflow-${ringiId}`)!;
    expect(definition.body.external).toMatchObject({ support_pc: true, support_mobile: true });
    const pending = (instance.task_list as Record<string, unknown>[]).find((t) => t.task_id === taskId)!;
    for (const config of pending.action_configs as Record<string, unknown>[])
      expect(Object.keys(config).sort()).toEqual(
        ['action_name', 'action_type', 'is_need_reason', 'is_reason_required'].sort(),
      );

    const token = (
      (await (
        await fetch(`${h.lark.url}/open-apis/auth/v3/tenant_access_token/internal`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ app_id: h.lark.appId, app_secret: h.lark.appSecret }),
        })
      ).json()) as { tenant_access_token: string }
    ).tenant_access_token;
    const sync = async (body: Record<string, unknown>) =>
      (await (
        await fetch(`${h.lark.url}/open-apis/approval/v4/external_instances`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify(body),
        })
      ).json()) as { code: number; msg: string };
    const withConfigs = (configs: unknown) => ({
      ...instance,
      update_time: String(Number(instance.update_time) + 1),
      task_list: (instance.task_list as Record<string, unknown>[]).map((t) =>
        t.task_id === taskId ? { ...t, action_configs: configs } : t,
      ),
    });
    const configs = pending.action_configs as Record<string, unknown>[];
    const platform = await sync(withConfigs(configs.map((c) => ({ ...c, platform: 'mobile' }))));
    expect(platform.code).not.toBe(0);
    expect(platform.msg).toContain('platform');
    const reasonless = await sync(withConfigs([{ ...configs[1], is_need_reason: false }]));
    expect(reasonless.code).not.toBe(0);
    // What the bot sends is accepted as it is.
    expect((await sync(withConfigs(configs))).code).toBe(0);
  });

  it('refuses a bad token, an undecryptable body and an unknown user_id, changing nothing', async () => {
    const { task, node } = await submit('クイック拒否');
    const ids = await pendingTask(task.id, node.id);
    const badToken = await quick({ ...ids, token: 'not-the-token-at-all-000' });
    expect(badToken).toEqual({
      status: 401,
      body: { message: QUICK_MSG.unauthorized, without_prefix: 'true' },
    });
    const garbled = await quick({ ...ids, rawBody: JSON.stringify({ encrypt: 'bm90IGVuY3J5cHRlZA==' }) });
    expect(garbled).toEqual({
      status: 401,
      body: { message: QUICK_MSG.unauthorized, without_prefix: 'true' },
    });
    const plain = await quick({ ...ids, key: undefined });
    expect(plain.status).toBe(401);
    const stranger = await quick({ ...ids, userId: 'lu_nobody' });
    expect(stranger).toEqual({
      status: 403,
      body: { message: QUICK_MSG.unknownUser, without_prefix: 'true' },
    });
    // Someone bound, but not the task's person.
    const other = await quick({ ...ids, userId: 'lu_sato' });
    expect(other.status).toBe(403);
    expect(await nodeStatus(task.id, node.id)).toBe('01');
  });

  it("approves with APPROVE: the card and the instance follow; a repeat gets 409 in Lark's shape", async () => {
    const { task, node } = await submit('クイック承認');
    const card = await eventually('the card', () =>
      messagesTo(h.lark, openIdOf('suzuki')).find(
        (m) => buttonValue(m.content, 'approve')?.task_id === task.id,
      ),
    );
    const ids = await pendingTask(task.id, node.id);
    const res = await quick({ ...ids, reason: 'クイックで承認' });
    expect(res).toEqual({ status: 200, body: {} });
    const nodes = await h.as('yamada')<TTaskNode[]>('GET', `/api/task/tasks/${task.id}/nodes/`);
    expect(nodes.body[0]).toMatchObject({
      status: '90',
      acted_by_name: '鈴木 一郎',
      comment: 'クイックで承認',
    });
    const patch = await eventually('the card updated', () =>
      h.lark.patches.find((p) => p.message_id === card.message_id),
    );
    expect(textOf(patch.content)).toContain(SUCCESS.approved);
    await eventually('the instance updated', () => {
      const held = h.lark.instances.get(ids.instanceId);
      return (held?.task_list as Record<string, unknown>[]).find(
        (t) => t.task_id === ids.taskId && t.status === 'APPROVED',
      );
    });

    const repeat = await quick(ids);
    expect(repeat.status).toBe(409);
    expect(repeat.body.without_prefix).toBe('true');
    // The same 409 as the web's, its message as the web shows it.
    const web = await h.as('suzuki')<{ detail: string }>(
      'POST',
      `/api/task/tasks/${task.id}/nodes/${node.id}/approval/`,
      { action: 'approve' },
    );
    expect(web.status).toBe(409);
    expect(repeat.body.message).toBe(web.body.detail);
  });

  it('sends back with REJECT, and asks for a reason', async () => {
    const { task, node } = await submit('クイック差戻し');
    const ids = await pendingTask(task.id, node.id);
    const noReason = await quick({ ...ids, actionType: 'REJECT' });
    expect(noReason).toEqual({
      status: 400,
      body: { message: QUICK_MSG.reasonRequired, without_prefix: 'true' },
    });
    expect(await nodeStatus(task.id, node.id)).toBe('01');
    const res = await quick({ ...ids, actionType: 'REJECT', reason: '金額を確認してください' });
    expect(res.status).toBe(200);
    const nodes = await h.as('yamada')<TTaskNode[]>('GET', `/api/task/tasks/${task.id}/nodes/`);
    expect(nodes.body[0]).toMatchObject({ status: '02', comment: '金額を確認してください' });
    const task2 = await h.as('yamada')<TTask>('GET', `/api/task/tasks/${task.id}/`);
    expect(task2.body.status).toBe('02');
  });

  it("approves for a person bound only through the bot's e-mail lookup, by Lark's user_id", async () => {
    // suzuki never signed in through Lark: the bot finds them by e-mail and stores both ids.
    const suzukiId = userIds.get('suzuki')!;
    await h.db.delete(larkBindings).where(eq(larkBindings.userId, suzukiId));
    await h.db.update(users).set({ email: 'ichiro.suzuki@example.com' }).where(eq(users.id, suzukiId));
    h.lark.addUser({
      open_id: 'ou_mail_suzuki',
      user_id: 'lu_mail_suzuki',
      email: 'ichiro.suzuki@example.com',
    });
    const { task, node } = await submit('メールで見つけた承認者');
    const ids = await pendingTask(task.id, node.id);
    const [binding] = await h.db.select().from(larkBindings).where(eq(larkBindings.userId, suzukiId));
    expect(binding).toMatchObject({ openId: 'ou_mail_suzuki', userIdInLark: 'lu_mail_suzuki' });
    const res = await quick({ ...ids, userId: 'lu_mail_suzuki', reason: 'メールの紐付けで承認' });
    expect(res).toEqual({ status: 200, body: {} });
    const nodes = await h.as('yamada')<TTaskNode[]>('GET', `/api/task/tasks/${task.id}/nodes/`);
    expect(nodes.body[0]).toMatchObject({ status: '90', comment: 'メールの紐付けで承認' });
  });
});
