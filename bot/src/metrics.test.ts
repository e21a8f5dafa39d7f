// The bot's metrics (issue 39): Prometheus text on its own port, the Lark calls by outcome with the
// rate limits counted apart, the queues read on scrape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callLark } from './lark/errors.ts';
import { createLogger } from './logger.ts';
import { createBotRegistry, startMetricsServer, type MetricsServer } from './metrics.ts';

const logger = createLogger('silent');
const queue = (name: string, counts: Record<string, number>) => ({
  name,
  getJobCounts: async () => counts,
});
let server: MetricsServer;

beforeAll(async () => {
  const registry = createBotRegistry(
    [
      queue('events', { waiting: 3, active: 1, failed: 2 }),
      queue('lark', { waiting: 0, prioritized: 7, active: 0, failed: 5 }),
    ],
    logger,
  );
  server = await startMetricsServer({ registry, port: 0, host: '127.0.0.1', logger });
});

afterAll(async () => {
  await server.close();
});

const scrape = async () => {
  const res = await fetch(`http://127.0.0.1:${server.port}/metrics`);
  expect(res.status).toBe(200);
  return res.text();
};
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? 0 : Number(line.slice(series.length + 1));
};
const refused = (status: number, code: number) =>
  callLark(async () => {
    throw Object.assign(new Error(`Request failed with status code ${status}`), {
      response: { status, data: { code, msg: 'refused' } },
    });
  }).catch(() => undefined);

describe('bot metrics', () => {
  it('answers Prometheus text: every line a comment, blank, or a sample', async () => {
    const text = await scrape();
    // prom-client writes NaN as "Nan"; Prometheus reads it without regard to case.
    for (const line of text.split('\n')) {
      expect(line).toMatch(
        /^(|# (HELP|TYPE) \w+ .*|\w+(\{[^}]*\})? -?[\d.e+-]+|\w+(\{[^}]*\})? (NaN|Nan|[+-]Inf))$/,
      );
    }
    expect(text).toContain('portal_bot_process_cpu_user_seconds_total');
  });

  it('counts Lark calls by outcome, a 429 and a 99991400 as rate_limited, not error', async () => {
    const before = await scrape();
    await callLark(async () => ({ code: 0, msg: 'ok' }));
    await refused(429, 0);
    await callLark(async () => ({ code: 99991400, msg: 'frequency limited' })).catch(() => undefined);
    await refused(500, 1);
    const after = await scrape();
    const delta = (outcome: string) => {
      const series = `portal_bot_lark_calls_total{outcome="${outcome}"}`;
      return sample(after, series) - sample(before, series);
    };
    expect({ ok: delta('ok'), rate_limited: delta('rate_limited'), error: delta('error') }).toEqual({
      ok: 1,
      rate_limited: 2,
      error: 1,
    });
  });

  it('reads waiting, prioritized (bulk), active and failed per queue on scrape', async () => {
    const text = await scrape();
    expect(sample(text, 'portal_bot_queue_jobs{queue="events",state="waiting"}')).toBe(3);
    expect(sample(text, 'portal_bot_queue_jobs{queue="events",state="failed"}')).toBe(2);
    expect(sample(text, 'portal_bot_queue_jobs{queue="lark",state="failed"}')).toBe(5);
    expect(sample(text, 'portal_bot_queue_jobs{queue="lark",state="prioritized"}')).toBe(7);
  });

  it('answers nothing but /metrics', async () => {
    expect((await fetch(`http://127.0.0.1:${server.port}/health`)).status).toBe(404);
  });
});
