// The app's badge in Lark, set from the server (application/v6/app_badge/set, no scope needed; the
// JSAPI updateBadge only echoes on one device): the user's 承認待ち on the web app, desktop and
// mobile. Lark wants a version that grows per user: a Redis counter started from the clock, so
// versions keep growing even if Redis loses it. A version conflict (213001, 213002, 213004) is tried
// again with a new version; 213007 is final.
import type * as lark from '@larksuiteoapi/node-sdk';
import { UnrecoverableError } from 'bullmq';
import type { Redis } from 'ioredis';
import { callLark, LarkError } from '../lark/errors.ts';

const RETRY_CODES = new Set([213001, 213002, 213004]);
const FINAL_CODES = new Set([213007]);
/** Tries with a new version before the job is retried with backoff. */
const VERSION_TRIES = 3;

export interface AppBadge {
  set(openId: string, userId: number, count: number): Promise<void>;
}

export function createAppBadge(client: lark.Client, redis: Redis, prefix: string): AppBadge {
  const nextVersion = async (userId: number) => {
    const key = `${prefix}:badge-version:${userId}`;
    await redis.set(key, Date.now(), 'NX');
    return String(await redis.incr(key));
  };
  return {
    async set(openId, userId, count) {
      for (let attempt = 1; ; attempt++) {
        const version = await nextVersion(userId);
        try {
          await callLark(() =>
            client.application.appBadge.set({
              params: { user_id_type: 'open_id' },
              data: { user_id: openId, version, pc: { web_app: count }, mobile: { web_app: count } },
            }),
          );
          return;
        } catch (error) {
          if (!(error instanceof LarkError) || error.code === null) throw error;
          if (FINAL_CODES.has(error.code)) throw new UnrecoverableError(error.message);
          if (!RETRY_CODES.has(error.code) || attempt >= VERSION_TRIES) throw error;
        }
      }
    },
  };
}
