// Issue 38: a company-wide reminder does not hold an approver's card back. Bulk sends (reminders and
// notices) wait while approval cards and results are queued (bot/src/context.ts, SendOptions), so a
// card submitted behind hundreds of reminders reaches Lark while most of them are still queued, and
// the reminders still all arrive, each once, within Lark's limits. One step before, the events written
// for everyone at once (a notice per person) wait behind a task's event (eventJobOptions).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../api/src/db/schema/outbox.ts';
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

describe('bulk events and task events', () => {
  it('handles a task’s event ahead of the notices relayed before it, and every notice once', async () => {
    const NOTICES = 600;
    await h.stopBot();
    // What a five-day or 重要 notice run writes: a records.lark_notice row per person.
    const keys = Array.from({ length: NOTICES }, (_, i) => `bulk-notice:${process.pid}:${i}`);
    await h.db.insert(outbox).values(
      keys.map((key, i) => ({
        topic: 'records.lark_notice',
        idempotencyKey: key,
        payload: { user_id: 100_000 + i, open_id: `ou_bulk_${i}`, lookup_email: null, text: `お知らせ ${i}` },
      })),
    );
    const res = await h.as('yamada')<TTask>('POST', `/api/task/workflows/${ringiId}/form/`, {
      title: 'お知らせの後の稟議',
      content: '内容',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    while ((await h.relay.flush()) > 0);
    // Every event is queued before a worker takes any: order is up to the queue alone.
    expect(await h.queues.events.getJobCountByTypes('waiting', 'prioritized')).toBeGreaterThan(NOTICES);
    await h.startBot();

    await eventually(
      'the approver’s card',
      () => h.lark.messages.find((m) => buttonValue(m.content, 'approve')?.task_id === res.body.id),
      30_000,
    );
    const handled = async () => {
      const jobs = await h.queues.events.getJobs(['completed'], 0, -1);
      const notices = jobs.filter((j) => j.name === 'records.lark_notice' && keys.includes(j.data.key));
      const task = jobs.find((j) => j.name.startsWith('task.') && j.data.payload?.task_id === res.body.id);
      return notices.length === NOTICES && task ? { notices, task } : undefined;
    };
    const { notices, task } = await eventually('every notice handled', handled, 60_000);
    expect(new Set(notices.map((j) => j.data.key)).size).toBe(NOTICES);
    // First in, first out would have handled it after all 600; it went ahead of most of them.
    expect(notices.filter((j) => j.processedOn! > task.processedOn!).length).toBeGreaterThan(NOTICES / 2);
  });
});
