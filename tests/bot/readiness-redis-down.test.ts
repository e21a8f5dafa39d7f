// Issue 39, acceptance 1: with its Redis stopped, the bot's readiness is 503 naming redis (and the
// API's names redis too) while both livenesses stay 200; once Redis is back, both are ready again.
// Every part real: a private redis-server halted and resumed on its port and data, the bot's workers,
// the outbox relay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import type { createApp } from '../../api/src/app.ts';
import { startHarness, type Harness } from './support/harness.ts';
import { apiReady, botReady, readinessApp } from './support/readiness.ts';

let h: Harness;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  h = await startHarness();
  app = readinessApp(h);
});

// The bot's stop can hang in BullMQ's worker close after its Redis came back, on a loaded machine
// (seen in 3 of 5 runs beside four busy processes; a defect in the session note, not what this file
// asserts). The harness gets a minute, so the file ends and reports what it checked; its
// redis-server is stopped either way (a hung close never reaches it, and it outlived the run).
afterAll(async () => {
  await Promise.race([h.close(), new Promise((resolve) => setTimeout(resolve, 60_000).unref())]);
  await h.redis.stop();
}, 90_000);

describe('readiness while Redis is down', () => {
  it("is 503 naming redis on the bot and the API, liveness 200; ready again once it's back", async () => {
    expect((await botReady(h)).status).toBe(200);
    await h.redis.halt();
    try {
      await expect.poll(async () => (await botReady(h)).body.failing, { timeout: 15_000 }).toContain('redis');
      const bot = await botReady(h);
      expect(bot.status).toBe(503);
      expect(bot.body.checks.find((c) => c.name === 'redis')).toMatchObject({
        state: 'failing',
        detail: expect.any(String),
      });
      expect((await fetch(`${h.bot.url}/health`)).status).toBe(200);

      const api = await apiReady(app);
      expect(api.status).toBe(503);
      expect(api.body.failing).toContain('redis');
      expect((await request(app).get('/api/health/')).status).toBe(200);
    } finally {
      await h.redis.resume();
    }
    await expect.poll(async () => (await botReady(h)).status, { timeout: 30_000 }).toBe(200);
    await expect.poll(async () => (await apiReady(app)).status, { timeout: 30_000 }).toBe(200);
  });
});
