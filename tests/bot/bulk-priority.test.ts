// Issue 38: a company-wide reminder does not hold an approver's card back. Bulk sends (reminders and
// notices) wait while approval cards and results are queued (bot/src/context.ts, SendOptions), so a
// card submitted behind hundreds of reminders reaches Lark while most of them are still queued, and
// the reminders still all arrive, each once, within Lark's limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTask } from '@portal/shared/contracts/tasks';
import { larkSendJob } from '../../bot/src/context.ts';
import { buttonValue, eventually } from './support/cards.ts';
import { reminderPayloads } from './support/fan-out.ts';
import { startHarness, type Harness } from './support/harness.ts';

/** 12 s of sending at Lark's 50 a second. */
const REMINDERS = 600;

let h: Harness;
let ringiId: number;

beforeAll(async () => {
  h = await startHarness();
  h.lark.enforceLimits(true);
  ringiId = await h.workflowId('一般稟議');
});
afterAll(() => h?.close());

describe('bulk sends and approval cards', () => {
  it('sends a card ahead of the reminders queued before it, and every reminder once', async () => {
    const payloads = reminderPayloads(REMINDERS, REMINDERS, '2026-04-20');
    const keys = new Set(payloads.map((p) => p.key));
    const reminders = () => h.lark.messages.filter((m) => m.uuid !== null && keys.has(m.uuid));
    for (let i = 0; i < REMINDERS; i += 200)
      await h.queues.lark.addBulk(payloads.slice(i, i + 200).map((p) => larkSendJob(p, { bulk: true })));
    await eventually('the reminders under way', () => (reminders().length > 0 ? true : undefined));

    const res = await h.as('yamada')<TTask>('POST', `/api/task/workflows/${ringiId}/form/`, {
      title: '至急の稟議',
      content: '内容',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const card = await eventually(
      'the approver’s card',
      () => h.lark.messages.find((m) => buttonValue(m.content, 'approve')?.task_id === res.body.id),
      30_000,
    );
    await h.lark.waitForMessages(REMINDERS + 1, 60_000);
    await eventually('every reminder', () => (reminders().length === REMINDERS ? true : undefined), 60_000);
    // First in, first out would have sent it after all 600 (12 s); it went ahead of most of them.
    expect(reminders().filter((m) => m.at > card.at).length).toBeGreaterThan(REMINDERS / 2);
    expect(new Set(reminders().map((m) => m.uuid)).size).toBe(REMINDERS);
    expect(h.lark.rateLimited.count).toBe(0);
  });
});
