// The bot's delivery (issue #6, acceptance 5), through the real chain: API → outbox → relay → Redis →
// bot → the real Lark SDK → the fake Lark Open API, which enforces Lark's limits (50 messages a second
// and 1,000 a minute per app, 5 a second to one user, sliding windows) and answers 230020 beyond them.
// 1. Event-to-card latency: a request submitted in the API until its card reaches (fake) Lark, with
//    the relay polling at its default 200 ms. Submissions are spaced so that no card waits for the
//    approver's per-user slot.
// 2. Fan-out: 2,000 cards to 1,000 people queued at once; the rate limiter spaces them. Zero
//    duplicates and zero rate-limit answers expected; the total time is reported.
import { performance } from 'node:perf_hooks';
import type { TTask } from '@portal/shared/contracts/tasks';
import { CARD_SAMPLES } from '../../bot/src/cards/samples.ts';
import { nodeCard } from '../../bot/src/cards/approval-card.ts';
import { SUZUKI } from '../../bot/src/cards/samples.ts';
import { buttonValue } from '../bot/support/cards.ts';
import { startHarness } from '../bot/support/harness.ts';

const LATENCY_SAMPLES = 40;
const SPACING_MS = 300;
const FAN_OUT = 2_000;
const FAN_OUT_PEOPLE = 1_000;

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const h = await startHarness({ relayPollMs: 200 });
h.lark.enforceLimits(true);
try {
  const ringiId = await h.workflowId('一般稟議');
  const submit = h.as('yamada');
  // Warm-up: sign-in, the SDK's tenant token, prepared queries.
  await submit('POST', `/api/task/workflows/${ringiId}/form/`, { title: 'warm-up', content: '-' });
  await h.lark.waitForMessages(1, 30_000);

  const latencies: number[] = [];
  for (let i = 0; i < LATENCY_SAMPLES; i++) {
    const before = h.lark.messages.length;
    const res = await submit<TTask>('POST', `/api/task/workflows/${ringiId}/form/`, {
      title: `計測${i}`,
      content: '-',
    });
    const submittedAt = Date.now();
    const [card] = (await h.lark.waitForMessages(before + 1, 30_000))
      .slice(before)
      .filter((m) => buttonValue(m.content, 'approve')?.task_id === res.body.id);
    if (!card) throw new Error(`no card for task ${res.body.id}`);
    latencies.push(card.at - submittedAt);
    await new Promise((r) => setTimeout(r, SPACING_MS));
  }
  latencies.sort((a, b) => a - b);

  const card = nodeCard({
    data: CARD_SAMPLES.general!,
    nodeId: 201,
    recipient: SUZUKI,
    openUrl: 'https://example.test/',
  });
  const rateLimitedBefore = h.lark.rateLimited.count;
  const before = h.lark.messages.length;
  const started = performance.now();
  const payloads = Array.from({ length: FAN_OUT }, (_, i) => ({
    key: `bench-${i}`,
    open_id: `ou_bench_${i % FAN_OUT_PEOPLE}`,
    msg_type: 'interactive' as const,
    content: { ...card },
    card: null,
  }));
  for (let i = 0; i < FAN_OUT; i += 500) await h.bot.ctx.sendLarkMany(payloads.slice(i, i + 500));
  const queuedMs = performance.now() - started;
  const all = await h.lark.waitForMessages(before + FAN_OUT, 300_000);
  const totalMs = performance.now() - started;
  const fanned = all.slice(before);
  const keys = new Set(fanned.map((m) => m.uuid));
  const duplicates = fanned.length - keys.size;
  const rateLimited = h.lark.rateLimited.count - rateLimitedBefore;
  const failed = await h.queues.lark.getFailedCount();

  const ms = (n: number) => `${n.toFixed(0)} ms`;
  console.log('\nEvent to card (submit answered → card at fake Lark), relay polling every 200 ms');
  console.log(
    `  samples ${latencies.length}, median ${ms(percentile(latencies, 50))}, p95 ${ms(percentile(latencies, 95))}, max ${ms(latencies.at(-1)!)}`,
  );
  console.log(`\nFan-out of ${FAN_OUT} cards to ${FAN_OUT_PEOPLE} people`);
  console.log(
    `  queued in ${ms(queuedMs)}, all delivered after ${(totalMs / 1000).toFixed(1)} s (${(FAN_OUT / (totalMs / 1000)).toFixed(1)} cards/s)`,
  );
  console.log(`  duplicates ${duplicates}, rate-limit answers ${rateLimited}, failed jobs ${failed}`);
  if (duplicates > 0 || rateLimited > 0 || failed > 0) process.exitCode = 1;
} finally {
  await h.close();
}
