// The API's side of the bot's queues: it adds to the events queue (the relay) and shows both in the
// staff dashboard. A queue client, not a worker: commands fail fast while Redis is away instead of
// waiting in memory, so the relay's round ends with an error and its rows simply stay unsent.
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { EVENTS_QUEUE, JOB_DEFAULTS, LARK_QUEUE } from '@portal/shared/contracts/bot-jobs';
import type { Logger } from '../../logger.ts';

export interface BotQueues {
  readonly connection: Redis;
  readonly events: Queue;
  readonly lark: Queue;
  close(): Promise<void>;
}

export function openBotQueues(options: { redisUrl: string; prefix: string; logger: Logger }): BotQueues {
  const connection = new Redis(options.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  connection.on('error', (err) => options.logger.debug({ err }, 'bot queues: redis connection error'));
  const common = { connection, prefix: options.prefix, defaultJobOptions: JOB_DEFAULTS };
  const events = new Queue(EVENTS_QUEUE, common);
  const lark = new Queue(LARK_QUEUE, common);
  // Without a listener BullMQ prints each connection error to stderr, bypassing the log.
  for (const queue of [events, lark])
    queue.on('error', (err) => options.logger.debug({ err }, 'bot queues: redis connection error'));
  return {
    connection,
    events,
    lark,
    async close() {
      await Promise.all([events.close(), lark.close()]);
      connection.disconnect();
    },
  };
}
