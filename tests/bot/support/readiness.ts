// The API wired to a harness's Redis and queue prefix, with its readiness looking at Redis, and the
// readiness answers of the API and of the bot, for the readiness tests.
import request from 'supertest';
import type { TReadiness } from '@portal/shared/contracts/health';
import { createApp } from '../../../api/src/app.ts';
import type { DatabaseHandle } from '../../../api/src/db/client.ts';
import { createLogger } from '../../../api/src/logger.ts';
import { testConfig } from '../../../api/test/support/test-config.ts';
import type { Harness } from './harness.ts';

export function readinessApp(h: Harness, db: DatabaseHandle['db'] = h.db): ReturnType<typeof createApp> {
  return createApp({
    config: testConfig({
      bot: { serviceToken: undefined, redisUrl: h.redis.url, queuePrefix: h.prefix, outboxPollMs: 25 },
    }),
    db,
    logger: createLogger('silent'),
    readiness: { redis: h.queues.connection },
  });
}

export async function apiReady(app: ReturnType<typeof createApp>) {
  const res = await request(app).get('/api/health/ready/');
  return { status: res.status, body: res.body as TReadiness };
}

export async function botReady(h: Harness) {
  const res = await fetch(`${h.bot.url}/ready`);
  return { status: res.status, body: (await res.json()) as TReadiness };
}
