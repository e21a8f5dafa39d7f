// Readiness with Redis (issue 39), every part real: a private redis-server, the outbox relay, the bot's
// workers and their heartbeat. Each failure makes readiness 503 naming that check while liveness stays
// 200. Redis stopped is readiness-redis-down.test.ts, with a harness of its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { botHeartbeatKey, type TReadiness } from '@portal/shared/contracts/health';
import type { createApp } from '../../api/src/app.ts';
import { outbox } from '../../api/src/db/schema/outbox.ts';
import { startHarness, type Harness } from './support/harness.ts';
import { apiReady, botReady, readinessApp } from './support/readiness.ts';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { pgliteHandle } from '../../api/src/db/client.ts';

let h: Harness;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  h = await startHarness();
  app = readinessApp(h);
});

afterAll(async () => {
  await h.close();
});

const ready = () => apiReady(app);
const live = async () => (await request(app).get('/api/health/')).status;

describe('readiness with Redis, the outbox and the bot', () => {
  it('is 200 on the API and on the bot with everything up', async () => {
    const api = await ready();
    expect(api.status, JSON.stringify(api.body)).toBe(200);
    expect(api.body.checks.filter((c) => c.state === 'ok').map((c) => c.name)).toEqual(
      expect.arrayContaining(['database', 'migrations', 'redis', 'outbox', 'bot']),
    );
    const bot = await botReady(h);
    expect(bot.status, JSON.stringify(bot.body)).toBe(200);
    expect(bot.body.checks.map((c) => c.name)).toEqual(['shutdown', 'redis', 'workers', 'heartbeat', 'api']);
  });

  it("is 503 naming the bot when the workers' heartbeat is stale", async () => {
    await h.stopBot();
    try {
      await h.queues.connection.set(botHeartbeatKey(h.prefix), String(Date.now() - 120_000));
      const api = await ready();
      expect(api.status).toBe(503);
      expect(api.body.failing).toEqual(['bot']);
      expect(await live()).toBe(200);
    } finally {
      await h.startBot();
    }
    await expect.poll(async () => (await ready()).status, { timeout: 10_000 }).toBe(200);
  });

  it('is 503 naming the outbox when the relay is held back past the threshold', async () => {
    // A second database whose rows no relay hands over: the relay held back.
    const held = pgliteHandle(await PGlite.create());
    try {
      await held.migrate();
      const key = `readiness-${Date.now()}`;
      await held.db.insert(outbox).values({
        topic: 'task.finished',
        payload: {},
        idempotencyKey: key,
        createdAt: sql`now() - interval '90 seconds'`,
      });
      const heldApp = readinessApp(h, held.db);
      const res = await request(heldApp).get('/api/health/ready/');
      expect(res.status).toBe(503);
      const answer = res.body as TReadiness;
      expect(answer.failing).toEqual(['outbox']);
      expect(answer.checks.find((c) => c.name === 'outbox')?.figure).toBeGreaterThan(60);
      expect((await request(heldApp).get('/api/health/')).status).toBe(200);
      // Delivered (as the relay marks it): the check passes again.
      await held.db
        .update(outbox)
        .set({ sentAt: sql`now()` })
        .where(eq(outbox.idempotencyKey, key));
      expect((await request(heldApp).get('/api/health/ready/')).status).toBe(200);
    } finally {
      await held.close();
    }
  });
});
