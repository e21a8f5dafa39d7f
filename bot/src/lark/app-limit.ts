// Lark's per-app message limits (lark.md "Limits": 50 a second and 1,000 a minute) as one sliding log
// in Redis that every bot worker shares. Each send reserves the earliest instant at which no window
// would hold more than its limit, counting the sends already reserved, and sleeps until then: one
// Redis call per message and no polling, so the workers together approach the limit instead of
// leaving a fixed headroom. Lark counts sliding windows; BullMQ's limiter and rate-limiter-flexible
// count fixed ones, which let twice the limit through across a window's edge, hence this script.
// A reservation is when the send may start; it reaches Lark later, by a varying delay. So once Lark
// has answered, the entry moves to the answer's time (settle), never before its arrival: later
// reservations count it where Lark does, or later. Only sends still on their way count at their
// reserved instant, which the margin covers; and none reserves more than a horizon ahead (a quarter
// second: a dozen sends at 50/s) — beyond it a send sleeps and asks again. Sends are spaced evenly: a
// burst of 50 queues up in the SDK and at Lark and arrives spread over far more than the margin.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Redis } from 'ioredis';

// Redis' own clock, so workers on machines with skewed clocks agree. ARGV: a unique member, then
// (limit, window ms) pairs. The limit-th latest reservation bounds the next: it may go one window
// after it. Each reservation is at least the one before and a settled entry moves only up to now, so
// ZRANGE by rank finds it. ARGV[2] is the horizon. Returns the wait in ms (0: now), or,
// negative, the wait beyond the horizon without reserving anything.
const RESERVE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local at = math.max(now, tonumber(redis.call('GET', KEYS[2]) or '0'))
local longest = 0
for i = 3, #ARGV, 2 do
  local limit, window = tonumber(ARGV[i]), tonumber(ARGV[i + 1])
  longest = math.max(longest, window)
  local kth = redis.call('ZRANGE', KEYS[1], -limit, -limit, 'WITHSCORES')
  if kth[2] then at = math.max(at, tonumber(kth[2]) + window) end
end
if at - now > tonumber(ARGV[2]) then return -math.ceil(at - now) end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - longest)
redis.call('ZADD', KEYS[1], at, ARGV[1])
redis.call('PEXPIRE', KEYS[1], math.ceil(at - now + longest))
return math.ceil(at - now)
`;

// Lark answered: the send counts from now (ARGV[1] is its member), if still in the log.
const SETTLE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZADD', KEYS[1], 'XX', now, ARGV[1])
return 0
`;

// Lark said "too many" (its count and ours disagree): nobody reserves before now + ARGV[1].
const PAUSE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local resume = now + tonumber(ARGV[1])
if resume > tonumber(redis.call('GET', KEYS[1]) or '0') then
  redis.call('SET', KEYS[1], resume, 'PX', tonumber(ARGV[1]))
end
return resume - now
`;

export interface AppLimitSettings {
  readonly perSecond: number;
  readonly perMinute: number;
  /** Added to each window: covers the spread of the time from reserving to arriving at Lark. */
  readonly marginMs: number;
  /** How far ahead a send may reserve; defaults to a quarter of the one-second window. */
  readonly horizonMs?: number;
}

export interface Reservation {
  /** Milliseconds to wait before sending. */
  readonly wait: number;
  /** Call once Lark has answered (or the call failed): the send then counts from that moment. */
  settle(): Promise<void>;
}

export interface AppLimit {
  /** Reserves the next free instant for one message. */
  reserve(): Promise<Reservation>;
  /** Holds every worker's next reservation back for `ms` (after Lark's rate-limit answer). */
  pause(ms: number): Promise<void>;
}

export function createAppLimit(
  redis: Redis,
  prefix: string,
  appId: string,
  limits: AppLimitSettings,
): AppLimit {
  const log = `${prefix}:lark-app:${appId}:log`;
  const paused = `${prefix}:lark-app:${appId}:paused`;
  const second = 1000 + limits.marginMs;
  const horizon = limits.horizonMs ?? second / 4;
  const windows = [
    [1, second / limits.perSecond],
    [limits.perSecond, second],
    [limits.perMinute, 60_000 + limits.marginMs],
  ].flat();
  return {
    async reserve() {
      const id = randomUUID();
      let wait = Number(await redis.eval(RESERVE, 2, log, paused, id, horizon, ...windows));
      while (wait < 0) {
        await sleep(-wait - horizon);
        wait = Number(await redis.eval(RESERVE, 2, log, paused, id, horizon, ...windows));
      }
      return {
        wait,
        async settle() {
          await redis.eval(SETTLE, 1, log, id);
        },
      };
    },
    async pause(ms) {
      await redis.eval(PAUSE, 1, paused, ms);
    },
  };
}
