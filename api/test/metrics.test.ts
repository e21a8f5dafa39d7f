// Prometheus metrics (issue 39, acceptance 2): the answer of the metrics port parses as Prometheus'
// text format; the request series move after requests; a thousand different task ids make one series
// (labelled by the endpoint table's pattern); the public port does not serve them.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { createLogger } from '../src/logger.ts';
import { createPortalMetrics, type PortalMetrics } from '../src/metrics/portal-metrics.ts';
import { startMetricsServer, type MetricsServer } from '../src/metrics/metrics-server.ts';
import { checkReadiness } from '../src/modules/health/readiness.ts';
import { DEMO_PASSWORD } from '../src/seed/demo-accounts.ts';
import { createTestContext, type TestContext } from './support/test-context.ts';

let t: TestContext;
let metrics: PortalMetrics;
let metricsServer: MetricsServer;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  t = await createTestContext();
  metrics = createPortalMetrics({
    db: t.db,
    readiness: () =>
      checkReadiness({
        db: t.db,
        queuePrefix: 'test',
        outboxMaxAgeSeconds: 60,
        botHeartbeatMaxAgeSeconds: 30,
      }),
  });
  app = createApp({ config: t.config, db: t.db, logger: createLogger('silent'), metrics });
  metricsServer = await startMetricsServer({
    registry: metrics.registry,
    port: 0,
    host: '127.0.0.1',
    logger: createLogger('silent'),
  });
});

afterAll(async () => {
  await metricsServer.close();
  await t.close();
});

interface Sample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL = `[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\[\\\\"n])*"`;
const SAMPLE = new RegExp(`^(${NAME})(?:\\{((?:${LABEL})(?:,${LABEL})*)?\\})? (\\S+)(?: -?\\d+)?$`);
const VALUE = /^(?:[+-]?(?:\d+\.?\d*(?:e[+-]?\d+)?|\.\d+(?:e[+-]?\d+)?)|[+-]?Inf|NaN)$/i;

/**
 * Prometheus' text exposition format, strictly: every line a HELP or TYPE comment or a sample with
 * well-formed labels and a number; each sample's family declared by a TYPE line before it.
 */
function parsePrometheusText(text: string): Sample[] {
  expect(text.endsWith('\n'), 'ends with a newline').toBe(true);
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const comment = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
    if (comment) {
      expect(comment[2], line).toMatch(new RegExp(`^${NAME}$`));
      if (comment[1] === 'TYPE') {
        expect(['counter', 'gauge', 'histogram', 'summary', 'untyped'], line).toContain(comment[3]);
        expect(types.has(comment[2]!), `TYPE ${comment[2]} twice`).toBe(false);
        types.set(comment[2]!, comment[3]!);
      }
      continue;
    }
    const match = SAMPLE.exec(line);
    expect(match, `not a Prometheus sample line: ${line}`).not.toBeNull();
    const [, name, rawLabels, value] = match!;
    expect(value, line).toMatch(VALUE);
    const family = [...types.keys()].find(
      (f) =>
        name === f || (types.get(f) !== 'gauge' && /^_(bucket|sum|count|total)$/.test(name!.slice(f.length))),
    );
    expect(family, `no TYPE before ${line}`).toBeDefined();
    const labels = Object.fromEntries(
      [...(rawLabels ?? '').matchAll(/([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]),
    );
    samples.push({ name: name!, labels, value: Number(value) });
  }
  return samples;
}

async function scrape(): Promise<Sample[]> {
  const res = await fetch(`http://127.0.0.1:${metricsServer.port}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(await res.text());
}

const requestCount = (samples: Sample[], route: string, status?: string) =>
  samples
    .filter(
      (s) =>
        s.name === 'portal_http_request_duration_seconds_count' &&
        s.labels.route === route &&
        (status === undefined || s.labels.status === status),
    )
    .reduce((sum, s) => sum + s.value, 0);

describe('metrics', () => {
  it('answers Prometheus text with the process metrics, the outbox and each readiness check', async () => {
    const samples = await scrape();
    const names = new Set(samples.map((s) => s.name));
    for (const name of [
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'portal_outbox_unsent',
      'portal_outbox_oldest_age_seconds',
    ])
      expect(names, name).toContain(name);
    const database = samples.find(
      (s) => s.name === 'portal_readiness_check_ok' && s.labels.check === 'database',
    );
    expect(database?.value).toBe(1);
  });

  it('counts requests by the table path, method and status once they are answered', async () => {
    const before = requestCount(await scrape(), '/api/health/', '2xx');
    await request(app).get('/api/health/').expect(200);
    await request(app).get('/api/health/').expect(200);
    const after = await scrape();
    expect(requestCount(after, '/api/health/', '2xx')).toBe(before + 2);
    const bucket = after.find(
      (s) =>
        s.name === 'portal_http_request_duration_seconds_bucket' &&
        s.labels.route === '/api/health/' &&
        s.labels.le === '+Inf',
    );
    expect(bucket?.labels).toMatchObject({ method: 'GET', status: '2xx' });
    expect(bucket?.value).toBe(before + 2);
  });

  it('makes one series of 1,000 requests to different task ids', async () => {
    // Without a credential: the caller check answers 401 before any database work, so the thousand
    // requests test the label, not the database's speed.
    const server = http.createServer(app).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      for (let id = 1_000_001; id <= 1_001_000; id += 1) {
        const res = await fetch(`${base}/api/task/tasks/${id}/`);
        await res.body?.cancel();
        expect(res.status).toBe(401);
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    const samples = await scrape();
    const series = samples.filter(
      (s) => s.name === 'portal_http_request_duration_seconds_count' && /tasks\//.test(s.labels.route ?? ''),
    );
    expect(series.map((s) => s.labels)).toEqual([
      { route: '/api/task/tasks/:id/', method: 'GET', status: '4xx' },
    ]);
    expect(series[0]?.value).toBe(1_000);
    expect(samples.some((s) => Object.values(s.labels).some((v) => v.includes('1000500')))).toBe(false);
  });

  it('counts sign-in attempts by door and outcome', async () => {
    const attempts = (samples: Sample[], outcome: string) =>
      samples.find(
        (s) =>
          s.name === 'portal_sign_in_attempts_total' &&
          s.labels.method === 'password' &&
          s.labels.outcome === outcome,
      )?.value ?? 0;
    const before = await scrape();
    await request(app).post('/api/token-auth/').send({ username: 'hr', password: 'wrong-Zq93' }).expect(401);
    await request(app).post('/api/token-auth/').send({ username: 'hr', password: DEMO_PASSWORD }).expect(200);
    await request(app)
      .post('/api/auth/handoff/')
      .send({ code: 'A'.repeat(43) })
      .expect(401);
    const after = await scrape();
    expect(attempts(after, 'failed')).toBe(attempts(before, 'failed') + 1);
    expect(attempts(after, 'ok')).toBe(attempts(before, 'ok') + 1);
    expect(
      after.find(
        (s) =>
          s.name === 'portal_sign_in_attempts_total' &&
          s.labels.method === 'handoff' &&
          s.labels.outcome === 'failed',
      )?.value,
    ).toBe(1);
  });

  it('labels what no table entry answered as one route, not by its URL', async () => {
    await request(app).get('/api/nope/').expect(404);
    await request(app).get('/x.png').expect(404);
    const samples = await scrape();
    expect(requestCount(samples, '(none)', '4xx')).toBeGreaterThanOrEqual(2);
    expect(samples.some((s) => s.labels.route === '/api/nope/' || s.labels.route === '/x.png')).toBe(false);
  });

  it('is not served on the public port, and the metrics port serves nothing else', async () => {
    const res = await request(app).get('/metrics');
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('portal_http_request_duration_seconds');
    const other = await fetch(`http://127.0.0.1:${metricsServer.port}/api/health/`);
    expect(other.status).toBe(404);
    await other.body?.cancel();
  });
});
