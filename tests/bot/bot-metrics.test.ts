// Issue 39, acceptance 2 for the bot, every part real: the bot started with METRICS_PORT, the real Lark
// SDK against the fake Lark, real BullMQ on a private redis-server. A request's card counts its Lark
// calls; Lark's rate-limit answers count as rate_limited; the queues are read on scrape; the bot's
// public port does not serve the metrics.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENTS_QUEUE, LARK_QUEUE } from '@portal/shared/contracts/bot-jobs';
import type { TTask } from '@portal/shared/contracts/tasks';
import { LARK_CODES } from '../support/fakes/fake-lark.ts';
import { buttonValue, eventually, messagesTo } from './support/cards.ts';
import { openIdOf, startHarness, type Harness } from './support/harness.ts';

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ botEnv: { METRICS_PORT: '0' } });
});
afterAll(() => h?.close());

async function scrape(): Promise<string> {
  expect(h.bot.metricsPort).not.toBeNull();
  const res = await fetch(`http://127.0.0.1:${h.bot.metricsPort}/metrics`);
  expect(res.status).toBe(200);
  return res.text();
}
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
};
const calls = (outcome: string) => `portal_bot_lark_calls_total{outcome="${outcome}"}`;

describe('the bot’s metrics', () => {
  it('count the Lark calls of a card, rate-limit answers apart, and the queues', async () => {
    const before = await scrape();
    // The first create answers Lark's rate limit; the job retries and the card arrives.
    h.lark.failNext({
      on: 'create',
      code: LARK_CODES.rateLimited,
      httpStatus: 400,
      openId: openIdOf('suzuki'),
    });
    const ringi = await h.workflowId('一般稟議');
    const res = await h.as('yamada')<TTask>('POST', `/api/task/workflows/${ringi}/form/`, {
      title: 'メトリクス',
      content: '内容',
      amount: 1000,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await eventually('the card for suzuki', () =>
      messagesTo(h.lark, openIdOf('suzuki')).find(
        (m) => buttonValue(m.content, 'approve')?.task_id === res.body.id,
      ),
    );

    const after = await scrape();
    expect(sample(after, calls('ok'))).toBeGreaterThan(sample(before, calls('ok')));
    expect(sample(after, calls('rate_limited'))).toBe(sample(before, calls('rate_limited')) + 1);
    for (const queue of [EVENTS_QUEUE, LARK_QUEUE])
      expect(after).toMatch(
        new RegExp(`^portal_bot_queue_jobs\\{queue="${queue}",state="waiting"\\} \\d+$`, 'm'),
      );
  });

  it('are not served on the bot’s public port', async () => {
    const res = await fetch(`${h.bot.url}/metrics`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('portal_bot_');
  });
});
