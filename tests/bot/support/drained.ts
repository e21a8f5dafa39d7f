// Waits until the outbox is relayed and neither bot queue holds work (waiting, running, delayed):
// everything the events so far cause has reached the fakes.
import type { Queue } from 'bullmq';
import type { Harness } from './harness.ts';

async function idle(queue: Queue): Promise<boolean> {
  const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children');
  return Object.values(counts).every((n) => n === 0);
}

export async function drained(h: Harness, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await h.relay.flush();
    if ((await idle(h.queues.events)) && (await idle(h.queues.lark))) return;
    if (Date.now() > deadline) throw new Error('the bot queues are still busy');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
