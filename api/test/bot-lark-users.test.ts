// The bot's Lark users by e-mail (architecture.md: open_id stored at Lark sign-in, or looked up by
// e-mail): the API offers the address to look up only for users with no Lark user and an address
// no other account shares, and stores what the bot found — once, and never over a sign-in's binding.
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZBotTaskCard } from '@portal/shared/contracts/bot-jobs';
import { ZBotUnsubmittedAttendance } from '@portal/shared/contracts/bot-reminders';
import { larkBindings } from '../src/db/schema/lark.ts';
import { users } from '../src/db/schema/users.ts';
import { testConfig } from './support/test-config.ts';
import { createTestContext, expectJapaneseError, type TestContext } from './support/test-context.ts';
import { createWorkflow, submit, tokens, userId, userIds, type As } from './support/workflow-fixtures.ts';

const SERVICE_TOKEN = 'bot-lark-users-test-token-0123456789abcdef';
const service = { Authorization: `Service ${SERVICE_TOKEN}` };

let t: TestContext;
let as: As;
let workflowId: number;

beforeAll(async () => {
  t = await createTestContext({ config: { bot: { ...testConfig().bot, serviceToken: SERVICE_TOKEN } } });
  as = tokens(t);
  // yamada applies; 課長 suzuki approves, then takahashi, then sato. Only yamada and takahashi signed in through Lark.
  workflowId = await createWorkflow(t, {
    name: 'Lark ユーザー検索テスト',
    fields: [{ name: 'title', label: '件名', required: true }],
    nodes: [
      { order: 1, dispatch: '02', name: '課長承認' },
      { order: 2, approvers: ['takahashi'], name: '事業部長承認' },
      { order: 3, approvers: ['sato'], name: '部長承認' },
    ],
  });
  for (const username of ['yamada', 'takahashi'])
    await t.db.insert(larkBindings).values({ userId: await userId(t, username), openId: `ou_${username}` });
  // sato's address is shared by another account: it names nobody for sure.
  await t.db
    .insert(users)
    .values({ username: 'sato-shared', fullName: '佐藤（共用）', email: 'SATO@example.com' });
});
afterAll(() => t?.close());

async function cardOf(taskId: number) {
  const res = await request(t.app).get(`/api/bot/tasks/${taskId}/card/`).set(service);
  expect(res.status).toBe(200);
  return ZBotTaskCard.parse(res.body);
}

const saveFound = (body: object) => request(t.app).post('/api/bot/lark-users/').set(service).send(body);

describe('the address to look a Lark user up by', () => {
  it('is given for a user with no Lark user and an address of their own, and for nobody else', async () => {
    const task = await submit(t, as, 'yamada', workflowId, { title: '検索' });
    const card = await cardOf(task.id);
    expect(card.task).toMatchObject({ applicant_open_id: 'ou_yamada', applicant_lookup_email: null });
    expect(card.nodes.map((n) => n.recipients.map((r) => [r.open_id, r.lookup_email]))).toEqual([
      [[null, 'suzuki@example.com']],
      [['ou_takahashi', null]],
      // sato's shared address is not offered; tanaka stands in for sato today (demo seed).
      [
        [null, null],
        [null, 'tanaka@example.com'],
      ],
    ]);
  });

  it('is in the reminder list too', async () => {
    const res = await request(t.app).get('/api/bot/attendance/unsubmitted/2026/4/').set(service);
    const { employees } = ZBotUnsubmittedAttendance.parse(res.body);
    expect(employees.find((e) => e.name === '鈴木 一郎')).toMatchObject({
      open_id: null,
      lookup_email: 'suzuki@example.com',
    });
    expect(employees.find((e) => e.open_id === 'ou_takahashi')?.lookup_email).toBeNull();
  });
});

describe('POST /api/bot/lark-users/', () => {
  it('stores an open_id found by e-mail once: the card then names the Lark user and asks for no lookup', async () => {
    const suzuki = await userId(t, 'suzuki');
    const found = { users: [{ user_id: suzuki, email: 'Suzuki@Example.com', open_id: 'ou_found_suzuki' }] };
    const res = await saveFound(found);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ saved: 1 });
    // Again (a second bot found it too): nothing more.
    expect((await saveFound(found)).body).toEqual({ saved: 0 });

    const task = await submit(t, as, 'yamada', workflowId, { title: '検索後' });
    expect((await cardOf(task.id)).nodes[0]!.recipients).toEqual([
      expect.objectContaining({ open_id: 'ou_found_suzuki', lookup_email: null }),
    ]);
  });

  it('leaves alone a binding from a sign-in, an open_id another account holds, a changed or shared address', async () => {
    const [takahashi, sato, ito, kato] = (await userIds(t, 'takahashi', 'sato', 'ito', 'kato')) as [
      number,
      number,
      number,
      number,
    ];
    await t.db.update(users).set({ email: 'kato.new@example.com' }).where(eq(users.id, kato));
    const res = await saveFound({
      users: [
        { user_id: takahashi, email: 'takahashi@example.com', open_id: 'ou_other_takahashi' },
        { user_id: ito, email: 'ito@example.com', open_id: 'ou_takahashi' },
        { user_id: kato, email: 'kato@example.com', open_id: 'ou_kato' },
        { user_id: sato, email: 'sato@example.com', open_id: 'ou_sato' },
      ],
    });
    expect(res.body).toEqual({ saved: 0 });
    const bindings = await t.db.select().from(larkBindings);
    expect(bindings.map((b) => b.openId).sort()).toEqual(['ou_found_suzuki', 'ou_takahashi', 'ou_yamada']);
  });

  it('answers 400 with Japanese messages to a bad body, 403 to a user and 401 to a wrong token', async () => {
    for (const body of [{}, { users: [] }, { users: [{ user_id: 1, email: '', open_id: 'ou_x' }] }]) {
      const res = await saveFound(body);
      expect(res.status).toBe(400);
      expectJapaneseError(res.body);
    }
    const asUser = await request(t.app)
      .post('/api/bot/lark-users/')
      .set(await as('yamada'))
      .send({ users: [{ user_id: 1, email: 'a@example.com', open_id: 'ou_x' }] });
    expect(asUser.status).toBe(403);
    const wrong = await request(t.app)
      .post('/api/bot/lark-users/')
      .set({ Authorization: 'Service wrong-token' })
      .send({});
    expect(wrong.status).toBe(401);
  });
});
