// The bot's service credential: accepted on the approval endpoint only for a node the named Lark user
// may act on (approver, or a proxy of one today), and on the /api/bot/ routes; refused everywhere
// else. The bot-internal routes give what the cards show and keep which cards were posted.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZBotCardMessages, ZBotTaskCard } from '@portal/shared/contracts/bot-jobs';
import { ZTask } from '@portal/shared/contracts/tasks';
import { larkBindings } from '../src/db/schema/lark.ts';
import { approvalProxies } from '../src/db/schema/proxies.ts';
import { tokyoDate } from '../src/dates.ts';
import { testConfig } from './support/test-config.ts';
import { createTestContext, expectJapaneseError, type TestContext } from './support/test-context.ts';
import { awaiting, createWorkflow, submit, tokens, userId, type As } from './support/workflow-fixtures.ts';

const SERVICE_TOKEN = 'bot-service-test-token-0123456789abcdef';
const service = { Authorization: `Service ${SERVICE_TOKEN}` };
const asLark = (openId: string) => ({ ...service, 'X-Lark-Open-Id': openId });

let t: TestContext;
let as: As;
let workflowId: number;

beforeAll(async () => {
  t = await createTestContext({ config: { bot: { ...testConfig().bot, serviceToken: SERVICE_TOKEN } } });
  as = tokens(t);
  // yamada (開発一課) applies; 課長 suzuki approves, then named takahashi.
  workflowId = await createWorkflow(t, {
    name: 'ボット承認テスト',
    fields: [{ name: 'title', label: '件名', required: true }],
    nodes: [
      { order: 1, dispatch: '02', name: '課長承認' },
      { order: 2, approvers: ['takahashi'], name: '事業部長承認' },
    ],
  });
  for (const username of ['yamada', 'suzuki', 'takahashi', 'sato'])
    await t.db.insert(larkBindings).values({ userId: await userId(t, username), openId: `ou_${username}` });
});
afterAll(() => t?.close());

const approvalPath = (taskId: number, nodeId: number) =>
  `/api/task/tasks/${taskId}/nodes/${nodeId}/approval/`;

describe('acting for a Lark user on the approval endpoint', () => {
  it('approves for the approver the node awaits, then answers 409 once it no longer awaits', async () => {
    const task = await submit(t, as, 'yamada', workflowId, { title: '出張' });
    const node = await awaiting(t, as, task.id, 'yamada');
    const res = await request(t.app)
      .post(approvalPath(task.id, node.id))
      .set(asLark('ou_suzuki'))
      .send({ action: 'approve' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(ZTask.parse(res.body).current_node_name).toBe('事業部長承認');

    const again = await request(t.app)
      .post(approvalPath(task.id, node.id))
      .set(asLark('ou_suzuki'))
      .send({ action: 'approve' });
    expect(again.status).toBe(409);
    expectJapaneseError(again.body);
  });

  it('refuses (403) a user the node does not await, an unknown open_id, and no open_id', async () => {
    const task = await submit(t, as, 'yamada', workflowId, { title: '備品' });
    const node = await awaiting(t, as, task.id, 'yamada');
    for (const headers of [asLark('ou_yamada'), asLark('ou_takahashi'), asLark('ou_nobody'), service]) {
      const res = await request(t.app)
        .post(approvalPath(task.id, node.id))
        .set(headers)
        .send({ action: 'approve' });
      expect(res.status).toBe(403);
      expectJapaneseError(res.body);
    }
  });

  it('lets a proxy of the approver act today, recorded as a proxy', async () => {
    const task = await submit(t, as, 'yamada', workflowId, { title: '代理' });
    const node = await awaiting(t, as, task.id, 'yamada');
    const today = tokyoDate();
    await t.db.insert(approvalProxies).values({
      principalId: await userId(t, 'suzuki'),
      proxyId: await userId(t, 'sato'),
      startDate: today,
      endDate: today,
    });
    const card = ZBotTaskCard.parse(
      (await request(t.app).get(`/api/bot/tasks/${task.id}/card/`).set(service)).body,
    );
    expect(card.nodes[0]!.recipients.map((r) => [r.open_id, r.principal_name !== null])).toEqual([
      ['ou_suzuki', false],
      ['ou_sato', true],
    ]);
    const res = await request(t.app)
      .post(approvalPath(task.id, node.id))
      .set(asLark('ou_sato'))
      .send({ action: 'send_back', comment: '金額を確認してください' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(ZTask.parse(res.body).status).toBe('02');
    const after = ZBotTaskCard.parse(
      (await request(t.app).get(`/api/bot/tasks/${task.id}/card/`).set(service)).body,
    );
    expect(after.nodes[0]).toMatchObject({ status: '02', is_proxy: true, comment: '金額を確認してください' });
    await t.db.delete(approvalProxies);
  });

  it('is refused on every other route, and a wrong token is 401', async () => {
    expect(
      (await request(t.app).get('/api/task/tasks/?filter=approval').set(asLark('ou_suzuki'))).status,
    ).toBe(403);
    expect((await request(t.app).post('/api/account/me/').set(asLark('ou_suzuki'))).status).toBe(403);
    const wrong = await request(t.app)
      .get('/api/bot/tasks/1/card/')
      .set({ Authorization: 'Service not-the-token' });
    expect(wrong.status).toBe(401);
  });

  it('refuses every service credential when the API has no BOT_SERVICE_TOKEN', async () => {
    const app = t.appWith({ bot: { ...testConfig().bot, serviceToken: undefined } });
    expect((await request(app).get('/api/bot/tasks/1/card/').set(service)).status).toBe(401);
  });
});

describe('the bot-internal routes', () => {
  it('give the card data: applicant, organisation, fields, nodes and recipients', async () => {
    const task = await submit(t, as, 'yamada', workflowId, { title: '研修参加' });
    const res = await request(t.app).get(`/api/bot/tasks/${task.id}/card/`).set(service);
    expect(res.status).toBe(200);
    const card = ZBotTaskCard.parse(res.body);
    expect(card.task).toMatchObject({
      workflow_name: 'ボット承認テスト',
      applicant_open_id: 'ou_yamada',
      org_name: '事業本部 システム事業部 開発部 開発一課',
      status: '01',
    });
    expect(card.fields).toEqual([{ label: '件名', value: '研修参加' }]);
    expect(card.sections).toBeNull();
    expect(card.reject_reasons).toBeNull();
    expect(card.nodes.map((n) => [n.name, n.status, n.recipients.map((r) => r.open_id)])).toEqual([
      ['課長承認', '01', ['ou_suzuki']],
      ['事業部長承認', '00', ['ou_takahashi']],
    ]);
  });

  it('send one card to an approver who also stands in for another approver of the node, as themselves', async () => {
    const jointly = await createWorkflow(t, {
      name: 'ボット連名承認テスト',
      fields: [{ name: 'title', label: '件名', required: true }],
      nodes: [{ order: 1, approvers: ['sato', 'takahashi'], name: '部長承認' }],
    });
    const today = tokyoDate();
    const [sato, takahashi] = [await userId(t, 'sato'), await userId(t, 'takahashi')];
    await t.db
      .insert(approvalProxies)
      .values({ principalId: sato, proxyId: takahashi, startDate: today, endDate: today });
    const task = await submit(t, as, 'yamada', jointly, { title: '連名' });
    const card = ZBotTaskCard.parse(
      (await request(t.app).get(`/api/bot/tasks/${task.id}/card/`).set(service)).body,
    );
    const recipients = card.nodes[0]!.recipients;
    expect(recipients.filter((r) => r.user_id === takahashi)).toEqual([
      expect.objectContaining({ open_id: 'ou_takahashi', principal_name: null }),
    ]);
    expect(recipients.filter((r) => r.user_id === sato)).toEqual([
      expect.objectContaining({ principal_name: null }),
    ]);
    await t.db.delete(approvalProxies);
  });

  it('record the cards posted, one per node and person (a newer one replaces it)', async () => {
    const task = await submit(t, as, 'yamada', workflowId, { title: 'カード' });
    const node = await awaiting(t, as, task.id, 'yamada');
    const suzuki = await userId(t, 'suzuki');
    for (const messageId of ['om_first', 'om_second']) {
      const res = await request(t.app)
        .post('/api/bot/card-messages/')
        .set(service)
        .send({ task_id: task.id, task_node_id: node.id, user_id: suzuki, message_id: messageId });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ stale: false });
    }
    const list = await request(t.app).get(`/api/bot/tasks/${task.id}/card-messages/`).set(service);
    expect(ZBotCardMessages.parse(list.body)).toEqual([
      expect.objectContaining({
        task_id: task.id,
        task_node_id: node.id,
        user_id: suzuki,
        message_id: 'om_second',
      }),
    ]);
    const mismatched = await request(t.app)
      .post('/api/bot/card-messages/')
      .set(service)
      .send({ task_id: task.id + 1000, task_node_id: node.id, user_id: suzuki, message_id: 'om_x' });
    expect(mismatched.status).toBe(404);
  });

  it('are not reachable with a user token', async () => {
    const res = await request(t.app)
      .get('/api/bot/tasks/1/card/')
      .set(await as('yamada'));
    expect(res.status).toBe(403);
  });
});
