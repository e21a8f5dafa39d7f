// Issue 38, scenario 6 and acceptance 3: two bot workers share Lark's per-app message limit through
// Redis (bot/src/lark/app-limit.ts). The fake Lark enforces Lark's limits (sliding windows) and
// records each message's arrival: no second ever holds more than the limit, no call is answered with
// the rate-limit error, and a worker killed midway and restarted loses no reminder and posts none twice.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBot, type RunningBot } from '../../bot/src/bot.ts';
import { loadConfig } from '../../bot/src/config/bot-config.ts';
import { larkSendJob } from '../../bot/src/context.ts';
import { createAppLimit, type AppLimit } from '../../bot/src/lark/app-limit.ts';
import { createLogger } from '../../bot/src/logger.ts';
import { LARK_MESSAGE_LIMITS, type FakeLarkMessage } from '../support/fakes/fake-lark.ts';
import { eventually } from './support/cards.ts';
import { drained } from './support/drained.ts';
import { busiestWindow, reminderPayloads } from './support/fan-out.ts';
import { startHarness, type Harness } from './support/harness.ts';

const BOT_ENTRY = fileURLToPath(new URL('../../bot/src/index.ts', import.meta.url));
/** A scaled-down Lark for the crash run: 20 messages a second per app (the minute limit out of reach). */
const SCALED = { perSecond: 20, perMinute: 100_000, perUser: LARK_MESSAGE_LIMITS.perUser };

let h: Harness;
let replica: RunningBot | undefined;
let redis: Redis;

beforeAll(async () => {
  h = await startHarness();
  h.lark.enforceLimits(true);
  redis = new Redis(h.redis.url);
});
afterAll(async () => {
  redis?.disconnect();
  await replica?.close();
  await h?.close();
});

function startWorkerProcess(): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', BOT_ENTRY], {
    env: {
      ...process.env,
      ...h.botEnv,
      LARK_RATE_PER_APP: String(SCALED.perSecond),
      LARK_RATE_PER_APP_MINUTE: String(SCALED.perMinute),
    },
    stdio: 'ignore',
  });
}

/** Reservations as far ahead as they go, so that a test reads each wait instead of sleeping it. */
const FAR_AHEAD = { perSecond: 50, perMinute: 1000, marginMs: 0, horizonMs: 120_000 };

const wait = async (limit: AppLimit) => (await limit.reserve()).wait;

/** The instants reserved in a limit's shared log (bot/src/lark/app-limit.ts keys it so), in order. */
async function reservedInstants(prefix: string): Promise<number[]> {
  const flat = await redis.zrange(`${prefix}:lark-app:app:log`, '0', '-1', 'WITHSCORES');
  return flat.filter((_, i) => i % 2 === 1).map(Number);
}

async function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

/** Every key posted exactly once, within the per-second limit, with no rate-limit answer. */
function expectDeliveredOnce(
  posted: readonly FakeLarkMessage[],
  keys: readonly string[],
  perSecond: number,
  rateLimitedBefore: number,
) {
  expect(posted.map((m) => m.uuid).sort()).toEqual([...keys].sort());
  expect(
    busiestWindow(
      posted.map((m) => m.at),
      1000,
    ),
  ).toBeLessThanOrEqual(perSecond);
  expect(h.lark.rateLimited.count - rateLimitedBefore).toBe(0);
}

describe('the shared app limit in Redis', () => {
  it('spaces reservations evenly, and no sliding second or minute holds more than its limit', async () => {
    const perSecond = createAppLimit(redis, 'unit-second', 'app', {
      perSecond: 5,
      perMinute: 1000,
      marginMs: 0,
      horizonMs: 120_000,
    });
    const waits = await Promise.all(Array.from({ length: 11 }, () => wait(perSecond)));
    expect(waits[0]).toBe(0);
    // Each wait counts from its own call's arrival at Redis, which a loaded machine spreads: the
    // reserved instants themselves (the log's scores, Redis' clock in whole ms) are what must be
    // spaced — one every 200 ms, so the sixth a second after the first.
    const seconds = await reservedInstants('unit-second');
    expect(seconds).toHaveLength(11);
    for (let i = 1; i < seconds.length; i++)
      expect(seconds[i]! - seconds[i - 1]!).toBeGreaterThanOrEqual(200);
    for (let i = 5; i < seconds.length; i++)
      expect(seconds[i]! - seconds[i - 5]!).toBeGreaterThanOrEqual(1000);

    const perMinute = createAppLimit(redis, 'unit-minute', 'app', {
      perSecond: 1000,
      perMinute: 10,
      marginMs: 0,
      horizonMs: 120_000,
    });
    await Promise.all(Array.from({ length: 11 }, () => wait(perMinute)));
    const minute = await reservedInstants('unit-minute');
    // Ten within their first milliseconds (one a millisecond), the eleventh a minute after the first.
    expect(minute[9]! - minute[0]!).toBeLessThan(100);
    expect(minute[10]! - minute[0]!).toBeGreaterThanOrEqual(60_000);
  });

  it("holds every worker's next send back after Lark's rate-limit answer", async () => {
    const limit = createAppLimit(redis, 'unit-pause', 'app', FAR_AHEAD);
    expect(await wait(limit)).toBe(0);
    await limit.pause(800);
    const other = createAppLimit(redis, 'unit-pause', 'app', FAR_AHEAD);
    expect(await wait(other)).toBeGreaterThan(700);
  });
});

describe('reminders to everyone from two workers', () => {
  it('two worker processes never exceed the limit together; one killed midway and restarted loses and repeats nothing', async () => {
    h.lark.setMessageLimits(SCALED);
    const rateLimitedBefore = h.lark.rateLimited.count;
    await h.stopBot();
    const payloads = reminderPayloads(300, 100, '2026-04-28');
    await h.queues.lark.addBulk(payloads.map((p) => larkSendJob(p, { bulk: true })));
    const doomed = startWorkerProcess();
    const survivor = startWorkerProcess();
    try {
      await eventually('a third of the reminders', () => h.lark.messages.length >= 100 || undefined, 60_000);
      await stop(doomed, 'SIGKILL');
      expect(h.lark.messages.length).toBeLessThan(300);
      const restarted = startWorkerProcess();
      try {
        await h.lark.waitForMessages(300, 120_000);
        await drained(h, 30_000);
      } finally {
        await stop(restarted, 'SIGTERM');
      }
    } finally {
      if (doomed.exitCode === null && doomed.signalCode === null) await stop(doomed, 'SIGKILL');
      await stop(survivor, 'SIGTERM');
    }
    expectDeliveredOnce(
      h.lark.messages,
      payloads.map((p) => p.key),
      SCALED.perSecond,
      rateLimitedBefore,
    );
    expect(await h.queues.lark.getFailedCount()).toBe(0);
  });

  it("two workers at Lark's real limit (50 a second) stay within it", async () => {
    h.lark.setMessageLimits(LARK_MESSAGE_LIMITS);
    await h.startBot();
    replica = await startBot({ config: loadConfig(h.botEnv), logger: createLogger('silent') });
    const before = h.lark.messages.length;
    const rateLimitedBefore = h.lark.rateLimited.count;
    const payloads = reminderPayloads(200, 200, '2026-05-01');
    await h.bot.ctx.sendLarkMany(payloads);
    const posted = (await h.lark.waitForMessages(before + 200, 60_000)).slice(before);
    await drained(h, 30_000);
    expect(h.lark.messages).toHaveLength(before + 200);
    expectDeliveredOnce(
      posted,
      payloads.map((p) => p.key),
      LARK_MESSAGE_LIMITS.perSecond,
      rateLimitedBefore,
    );
    expect(await h.queues.lark.getFailedCount()).toBe(0);
  });
});
