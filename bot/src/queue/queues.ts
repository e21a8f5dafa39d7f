// The two queues (shared/src/contracts/bot-jobs.ts), their retry policy and their key prefix: one
// place that says how jobs are kept and retried.
import { Queue, type ConnectionOptions, type DefaultJobOptions } from 'bullmq';
import { EVENTS_QUEUE, LARK_QUEUE } from '@portal/shared/contracts/bot-jobs';

export interface QueueSettings {
  readonly prefix: string;
  readonly attempts: number;
  readonly backoffMs: number;
}

/**
 * Completed jobs are kept a day so that a re-added job id stays a no-op for at least Lark's uuid
 * hour; failed jobs are kept for inspection in the dashboard.
 */
export function jobOptions(settings: QueueSettings): DefaultJobOptions {
  return {
    attempts: settings.attempts,
    backoff: { type: 'exponential', delay: settings.backoffMs, jitter: 0.2 },
    removeOnComplete: { age: 24 * 3600, count: 100_000 },
    removeOnFail: false,
  };
}

export interface Queues {
  readonly events: Queue;
  readonly lark: Queue;
  close(): Promise<void>;
}

export function openQueues(connection: ConnectionOptions, settings: QueueSettings): Queues {
  const common = { connection, prefix: settings.prefix, defaultJobOptions: jobOptions(settings) };
  const events = new Queue(EVENTS_QUEUE, common);
  const lark = new Queue(LARK_QUEUE, common);
  return {
    events,
    lark,
    async close() {
      await Promise.all([events.close(), lark.close()]);
    },
  };
}
