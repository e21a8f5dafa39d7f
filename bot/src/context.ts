// What every job handler receives: settings, logger, the API, and ways to queue more work. Handlers
// fan out by adding jobs with stable keys, so a retried handler never duplicates what it queued.
import type * as lark from '@larksuiteoapi/node-sdk';
import type { Redis } from 'ioredis';
import {
  BULK_PRIORITY,
  eventJobOptions,
  jobIdOf,
  type TEventJobName,
  type TEventJobPayload,
  type TLarkPatchPayload,
  type TLarkSendPayload,
} from '@portal/shared/contracts/bot-jobs';
import type { PortalApi } from './api/portal-api.ts';
import type { AppBadge } from './badge/app-badge.ts';
import type { BotConfig } from './config/bot-config.ts';
import type { AppLimit } from './lark/app-limit.ts';
import type { LarkMessenger } from './lark/messenger.ts';
import type { OpenIds } from './lark/open-ids.ts';
import type { UserPacing } from './lark/user-pacing.ts';
import type { Logger } from './logger.ts';
import type { PushTransport } from './push/firebase.ts';
import type { Queues } from './queue/queues.ts';

export interface BotContext {
  readonly config: BotConfig;
  readonly logger: Logger;
  readonly api: PortalApi;
  /** A plain connection for the bot's own keys (locks, replay guard, per-user limits). */
  readonly redis: Redis;
  readonly queues: Queues;
  readonly messenger: LarkMessenger;
  /** Each person's Lark user: the open_id the API has, or found by e-mail (lark/open-ids.ts). */
  readonly openIds: OpenIds;
  readonly pacing: UserPacing;
  /** Lark's per-app message limits, shared by every worker through Redis. */
  readonly appLimit: AppLimit;
  /** FCM (push/firebase.ts); null when no FIREBASE_* settings are given. */
  readonly push: PushTransport | null;
  /** The SDK client, for the Lark-native parts that call it from an event handler (time off). */
  readonly lark?: lark.Client;
  /** The app badge (badge/app-badge.ts); null unless LARK_BADGE=on. */
  readonly appBadge?: AppBadge | null;
  /** Adds an events-queue job; a second add with the same key is a no-op. */
  addEvent<N extends TEventJobName>(name: N, key: string, payload: TEventJobPayload<N>): Promise<void>;
  /** Queues one Lark message; `payload.key` is both its job id and Lark's uuid. */
  sendLark(payload: TLarkSendPayload, options?: SendOptions): Promise<void>;
  /** Queues many messages in one round trip (a fan-out); each as sendLark would. */
  sendLarkMany(payloads: readonly TLarkSendPayload[], options?: SendOptions): Promise<void>;
  /** Queues a card update; `key` makes it idempotent. */
  patchLark(key: string, payload: TLarkPatchPayload): Promise<void>;
}

export interface SendOptions {
  /**
   * A message sent to many at once (a reminder, a notice): it waits while approval cards and results
   * are queued, so a company-wide reminder, paced at Lark's 50 a second, never holds an approver's
   * card back for minutes. BullMQ takes every job without a priority before any with one.
   */
  readonly bulk?: boolean;
}

/** The Lark-queue job of one message: its key is the job id, so queuing it twice queues it once. */
export const larkSendJob = (payload: TLarkSendPayload, options: SendOptions = {}) => ({
  name: 'lark.send',
  data: payload,
  opts: {
    jobId: jobIdOf(`send:${payload.key}`),
    ...(options.bulk ? { priority: BULK_PRIORITY } : {}),
  },
});

export function createContext(
  deps: Omit<BotContext, 'addEvent' | 'sendLark' | 'sendLarkMany' | 'patchLark'>,
): BotContext {
  const { queues } = deps;
  return {
    ...deps,
    async addEvent(name, key, payload) {
      await queues.events.add(name, { key, payload }, eventJobOptions(name, key));
    },
    async sendLark(payload, options) {
      const job = larkSendJob(payload, options);
      await queues.lark.add(job.name, job.data, job.opts);
    },
    async sendLarkMany(payloads, options) {
      await queues.lark.addBulk(payloads.map((payload) => larkSendJob(payload, options)));
    },
    async patchLark(key, payload) {
      await queues.lark.add('lark.patch', payload, { jobId: jobIdOf(`patch:${key}`) });
    },
  };
}
