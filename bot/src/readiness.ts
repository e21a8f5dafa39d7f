// The bot's readiness (issue 39), GET /ready: one entry per check with its state and figure, 503
// naming every failing one (the same shape as the API's /api/health/ready/).
//   shutdown   failing once a stop was asked for
//   redis      a PING within 1 s (figure: ms)
//   workers    both workers running (figure: how many)
//   heartbeat  the last heartbeat written to Redis, which the API's readiness reads (figure: its age, s)
//   api        the portal API's liveness within 1 s (figure: ms)
// /health stays the cheap liveness answer.
import type { Redis } from 'ioredis';
import {
  BOT_HEARTBEAT_EVERY_MS,
  botHeartbeatKey,
  type TReadiness,
  type TReadinessCheck,
} from '@portal/shared/contracts/health';
import { withinDeadline } from '@portal/shared/deadline';
import type { Logger } from './logger.ts';
import type { Workers } from './worker.ts';

const CHECK_TIMEOUT_MS = 1_000;

export interface Heartbeat {
  /** When the last heartbeat reached Redis (ms since the epoch); null before the first. */
  lastWritten(): number | null;
  stop(): void;
}

/** Writes the heartbeat now and every BOT_HEARTBEAT_EVERY_MS while the workers run. */
export function startHeartbeat(options: {
  redis: Redis;
  prefix: string;
  workers: Pick<Workers, 'events' | 'lark'>;
  logger: Logger;
  everyMs?: number;
}): Heartbeat {
  const { redis, prefix, workers, logger } = options;
  let last: number | null = null;
  const beat = async () => {
    if (!workers.events.isRunning() || !workers.lark.isRunning()) return;
    const now = Date.now();
    try {
      await redis.set(botHeartbeatKey(prefix), String(now), 'EX', 3600);
      last = now;
    } catch (err) {
      logger.debug({ err }, 'heartbeat not written');
    }
  };
  void beat();
  const timer = setInterval(() => void beat(), options.everyMs ?? BOT_HEARTBEAT_EVERY_MS);
  timer.unref();
  return { lastWritten: () => last, stop: () => clearInterval(timer) };
}

const check = (
  name: string,
  state: TReadinessCheck['state'],
  figure: number | null = null,
  unit: TReadinessCheck['unit'] = null,
  detail: string | null = null,
): TReadinessCheck => ({ name, state, figure, unit, detail });

async function timed(
  name: string,
  work: (signal: AbortSignal) => Promise<unknown>,
): Promise<TReadinessCheck> {
  const started = performance.now();
  try {
    await withinDeadline(CHECK_TIMEOUT_MS, work);
    return check(name, 'ok', Math.round(performance.now() - started), 'ms');
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return check(name, 'failing', Math.round(performance.now() - started), 'ms', detail);
  }
}

export async function checkBotReadiness(sources: {
  redis: Redis;
  workers: Pick<Workers, 'events' | 'lark'>;
  heartbeat: Heartbeat;
  apiUrl: string;
  stopping: () => boolean;
  /** The heartbeat fails when older than this (three missed beats by default). */
  heartbeatMaxAgeMs?: number;
}): Promise<TReadiness> {
  const { redis, workers, heartbeat } = sources;
  const maxAge = sources.heartbeatMaxAgeMs ?? 3 * BOT_HEARTBEAT_EVERY_MS;
  const running = [workers.events, workers.lark].filter((w) => w.isRunning()).length;
  const last = heartbeat.lastWritten();
  const age = last === null ? null : Math.max(0, (Date.now() - last) / 1000);
  const checks = await Promise.all([
    Promise.resolve(
      sources.stopping()
        ? check('shutdown', 'failing', null, null, 'the bot is stopping')
        : check('shutdown', 'ok'),
    ),
    // A connection that is not ready fails at once rather than waiting for the timeout.
    timed('redis', async () => {
      if (redis.status !== 'ready') throw new Error(`redis connection ${redis.status}`);
      await redis.ping();
    }),
    Promise.resolve(
      running === 2
        ? check('workers', 'ok', running, 'count')
        : check('workers', 'failing', running, 'count', 'a worker is not running'),
    ),
    Promise.resolve(
      age !== null && age * 1000 <= maxAge
        ? check('heartbeat', 'ok', Math.round(age * 10) / 10, 's')
        : check(
            'heartbeat',
            'failing',
            age === null ? null : Math.round(age * 10) / 10,
            's',
            'the heartbeat is not being written to Redis',
          ),
    ),
    timed('api', async (signal) => {
      const res = await fetch(`${sources.apiUrl}/api/health/`, { signal });
      await res.body?.cancel();
      if (!res.ok) throw new Error(`the API answered ${res.status}`);
    }),
  ]);
  const failing = checks.filter((c) => c.state === 'failing').map((c) => c.name);
  return { status: failing.length ? 'unavailable' : 'ok', failing, checks };
}
