// The queues (shared/src/contracts/bot-jobs.ts), their retry policy and their key prefix: one
// place that says how jobs are kept and retried.
import { Queue, type ConnectionOptions, type DefaultJobOptions } from 'bullmq';
import {
  EVENTS_QUEUE,
  JOB_DEFAULTS,
  LARK_APPROVALS_QUEUE,
  LARK_QUEUE,
} from '@portal/shared/contracts/bot-jobs';

export interface QueueSettings {
  readonly prefix: string;
  readonly attempts: number;
  readonly backoffMs: number;
}

/** The shared defaults, with the attempts and first delay this deployment chose. */
export function jobOptions(settings: QueueSettings): DefaultJobOptions {
  return {
    ...JOB_DEFAULTS,
    attempts: settings.attempts,
    backoff: { ...JOB_DEFAULTS.backoff, delay: settings.backoffMs },
  };
}

export interface Queues {
  readonly events: Queue;
  readonly lark: Queue;
  /** Approval Center syncs; used only with LARK_APPROVAL_CENTER=on. */
  readonly approvals: Queue;
  close(): Promise<void>;
}

export function openQueues(
  connection: ConnectionOptions,
  settings: QueueSettings,
  onError: (err: Error) => void = () => {},
): Queues {
  const common = { connection, prefix: settings.prefix, defaultJobOptions: jobOptions(settings) };
  const events = new Queue(EVENTS_QUEUE, common);
  const lark = new Queue(LARK_QUEUE, common);
  const approvals = new Queue(LARK_APPROVALS_QUEUE, common);
  // A queue with no listener prints each connection error to stderr with its stack (BullMQ's
  // fallback), bypassing the log: while Redis is down that is a line every reconnection.
  for (const queue of [events, lark, approvals]) queue.on('error', onError);
  return {
    events,
    lark,
    approvals,
    async close() {
      await Promise.all([events.close(), lark.close(), approvals.close()]);
    },
  };
}
