// A request kind is a plug-in everywhere: a kind nobody has heard of registers its hooks in the test,
// and its request is submitted, shown (the task answer carries its reject reasons), carded (the bot's
// card data carries its sections and reasons) and decided, with no line of the engine or the bot
// routes naming it.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZBotTaskCard } from '@portal/shared/contracts/bot-jobs';
import { ZTask } from '@portal/shared/contracts/tasks';
import { FIELD_MSG } from '@portal/shared/messages';
import { replaceWorkflowKindForTest, type WorkflowKindHooks } from '../src/modules/tasks/workflow-kinds.ts';
import { testConfig } from './support/test-config.ts';
import { createTestContext, type TestContext } from './support/test-context.ts';
import {
  act,
  awaiting,
  createWorkflow,
  nodesOf,
  submit,
  tokens,
  type As,
} from './support/workflow-fixtures.ts';

const SERVICE_TOKEN = 'kind-plugin-test-token-0123456789abcdef';
const service = { Authorization: `Service ${SERVICE_TOKEN}` };

const REASONS = [
  { value: '01', text: '予算が不足しているため、購入は承認できません。' },
  { value: '02', text: '同等の資材が在庫にあるため、購入は承認できません。' },
];
const finished: number[] = [];

const purchaseKind: WorkflowKindHooks = {
  rejectReasons: REASONS,
  async cardSections(_db, task) {
    return [
      { rows: [{ label: '購入品', value: String(task.values.title ?? '') }] },
      { rows: [{ label: '確認', value: '在庫確認済み' }] },
    ];
  },
  async onFinished(_tx, task) {
    finished.push(task.id);
  },
};

let t: TestContext;
let as: As;
let workflowId: number;
let restoreKind: () => void = () => undefined;

beforeAll(async () => {
  t = await createTestContext({ config: { bot: { ...testConfig().bot, serviceToken: SERVICE_TOKEN } } });
  as = tokens(t);
  // The asset kinds have hooks of their own (modules/assets/asset-kind.ts): these stand in for them.
  restoreKind = replaceWorkflowKindForTest('asset_purchase', purchaseKind);
  workflowId = await createWorkflow(t, {
    kind: 'asset_purchase',
    nodes: [{ order: 1, approvers: ['suzuki'], name: '資材担当承認' }],
  });
});
afterAll(() => {
  restoreKind();
  return t?.close();
});

async function shown(taskId: number, username: string) {
  const res = await request(t.app)
    .get(`/api/task/tasks/${taskId}/`)
    .set(await as(username));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ZTask.parse(res.body);
}

async function carded(taskId: number) {
  const res = await request(t.app).get(`/api/bot/tasks/${taskId}/card/`).set(service);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return ZBotTaskCard.parse(res.body);
}

describe('a request kind registered only by its hooks', () => {
  it('is submitted, shown with its reject reasons, carded with its sections, and approved', async () => {
    const submitted = ZTask.parse(await submit(t, as, 'yamada', workflowId, { title: 'ノートPC' }));
    expect(submitted).toMatchObject({
      workflow_kind: 'asset_purchase',
      status: '01',
      reject_reasons: REASONS,
    });

    expect((await shown(submitted.id, 'suzuki')).reject_reasons).toEqual(REASONS);

    const card = await carded(submitted.id);
    expect(card.task.workflow_kind).toBe('asset_purchase');
    expect(card.fields).toEqual([{ label: '件名', value: 'ノートPC' }]);
    expect(card.sections).toEqual([
      { rows: [{ label: '購入品', value: 'ノートPC' }] },
      { rows: [{ label: '確認', value: '在庫確認済み' }] },
    ]);
    expect(card.reject_reasons).toEqual(REASONS);

    const node = await awaiting(t, as, submitted.id, 'yamada');
    const approved = await act(t, as, 'suzuki', submitted.id, node.id, { action: 'approve' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(ZTask.parse(approved.body).status).toBe('90');
    expect(finished).toEqual([submitted.id]);
  });

  it('is rejected only for one of its reasons, sent as a code, and stores the sentence', async () => {
    const task = await submit(t, as, 'yamada', workflowId, { title: 'モニター' });
    const node = await awaiting(t, as, task.id, 'yamada');
    const free = await act(t, as, 'suzuki', task.id, node.id, { action: 'reject', reason: '不要です' });
    expect(free.status).toBe(400);
    expect(free.body).toEqual({ reason: [FIELD_MSG.choice('却下理由')] });

    const rejected = await act(t, as, 'suzuki', task.id, node.id, { action: 'reject', reason: '02' });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(ZTask.parse(rejected.body).status).toBe('10');
    const [decided] = await nodesOf(t, as, 'yamada', task.id);
    expect(decided!.reason).toBe(REASONS[1]!.text);
  });

  it('leaves a plain form with a free reason and its fields on the card', async () => {
    const plain = await createWorkflow(t, { nodes: [{ order: 1, approvers: ['suzuki'] }] });
    const task = ZTask.parse(await submit(t, as, 'yamada', plain, { title: '研修' }));
    expect(task.reject_reasons).toBeNull();
    const card = await carded(task.id);
    expect(card.sections).toBeNull();
    expect(card.reject_reasons).toBeNull();
  });
});
