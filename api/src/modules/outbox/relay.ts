// The outbox relay (architecture.md "Notifications and the bot"): every task transition wrote an
// outbox row in its own transaction; this hands unsent rows to the bot's queue and marks them sent
// only after Redis accepted them, so a crash at any point loses nothing. A row added twice (a crash
// between the add and the mark, or two API replicas at once) is one job: its job id is the row's
// idempotency key, and BullMQ ignores an add whose id it already holds. Rows written for everyone at
// once (notices, pushes) are queued behind task events (eventJobOptions).
import { asc, inArray, isNull, sql } from 'drizzle-orm';
import { eventJobOptions } from '@portal/shared/contracts/bot-jobs';
import type { Db } from '../../db/client.ts';
import { outbox } from '../../db/schema/outbox.ts';
import type { Logger } from '../../logger.ts';
import type { BotQueues } from './bot-queues.ts';

/** Rows handed over per round; a backlog drains round after round without waiting. */
const BATCH = 200;
/** Longest pause after Redis refused, doubling from the poll interval. */
const MAX_BACKOFF_MS = 30_000;

export interface OutboxRelay {
  /** One round now: resolves the number of rows relayed (tests and shutdown use it). */
  flush(): Promise<number>;
  stop(): Promise<void>;
}

/** Runs until stop(); the queues stay open (their owner closes them). */
export function startOutboxRelay(options: {
  db: Db;
  queues: BotQueues;
  pollMs: number;
  logger: Logger;
}): OutboxRelay {
  const { db, logger, pollMs } = options;
  const { connection, events: queue } = options.queues;

  async function relayOnce(): Promise<number> {
    const rows = await db
      .select()
      .from(outbox)
      .where(isNull(outbox.sentAt))
      .orderBy(asc(outbox.id))
      .limit(BATCH);
    if (rows.length === 0) return 0;
    try {
      await queue.addBulk(
        rows.map((row) => ({
          name: row.topic,
          data: { key: row.idempotencyKey, payload: row.payload },
          opts: eventJobOptions(row.topic, row.idempotencyKey),
        })),
      );
    } catch (error) {
      await db
        .update(outbox)
        .set({ attempts: sql`${outbox.attempts} + 1` })
        .where(
          inArray(
            outbox.id,
            rows.map((r) => r.id),
          ),
        );
      throw error;
    }
    await db
      .update(outbox)
      .set({ sentAt: sql`now()` })
      .where(
        inArray(
          outbox.id,
          rows.map((r) => r.id),
        ),
      );
    return rows.length;
  }

  let running: Promise<number> | null = null;
  const flush = () => (running ??= relayOnce().finally(() => (running = null)));

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let failures = 0;
  const loop = async () => {
    let next = pollMs;
    if (connection.status !== 'ready') {
      // Still connecting (or reconnecting): nothing to try yet, and nothing to report.
      if (!stopped) timer = setTimeout(() => void loop(), pollMs);
      return;
    }
    try {
      const count = await flush();
      failures = 0;
      if (count === BATCH) next = 0;
    } catch (error) {
      failures += 1;
      next = Math.min(pollMs * 2 ** failures, MAX_BACKOFF_MS);
      if (failures === 1 || failures % 10 === 0)
        logger.warn({ err: error, failures }, 'outbox relay: Redis refused; the rows stay unsent');
    }
    if (!stopped) timer = setTimeout(() => void loop(), next);
  };
  timer = setTimeout(() => void loop(), 0);

  return {
    flush,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => 0);
    },
  };
}
