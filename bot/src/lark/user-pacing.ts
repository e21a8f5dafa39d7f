// Lark takes at most 5 messages per second to one user (lark.md "Limits"). BullMQ's open-source
// limiter is per queue only, so each user gets one slot per spacing (lark/limits.ts), kept in Redis
// so every bot replica shares it. A job whose user has no free slot is put back with the wait.
import type { Redis } from 'ioredis';
import { sendSpacingMs } from './limits.ts';

// Redis' own clock, so replicas with skewed clocks agree. Returns 0 and takes the slot, or the wait.
const TAKE_SLOT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local free = tonumber(redis.call('GET', KEYS[1]) or '0')
if free > now then return free - now end
redis.call('SET', KEYS[1], now + tonumber(ARGV[1]), 'PX', tonumber(ARGV[1]) * 2)
return 0
`;

export interface UserPacing {
  /** 0 when the message may go now (the slot is taken); otherwise milliseconds to wait. */
  take(openId: string): Promise<number>;
}

export function createUserPacing(redis: Redis, prefix: string, perSecond: number): UserPacing {
  const interval = sendSpacingMs(perSecond);
  return {
    async take(openId) {
      const wait = await redis.eval(TAKE_SLOT, 1, `${prefix}:lark-user:${openId}`, interval);
      return Number(wait);
    },
  };
}
