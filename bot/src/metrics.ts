// The bot's metrics (issue 39): Prometheus text on its own METRICS_PORT (loopback unless METRICS_HOST
// opens it), never on the public health port, which answers everything but /health and /ready 404.
//   portal_bot_lark_calls_total{outcome}   Lark Open API calls: ok, rate_limited (230020, 99991400 or
//                                          HTTP 429, counted apart so a tenant hitting its limits shows),
//                                          error
//   portal_bot_queue_jobs{queue,state}     BullMQ waiting/active/failed, read from Redis on each scrape
//   the default process metrics (prefix portal_bot_)
import http from 'node:http';
import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import type { Logger } from './logger.ts';

export type LarkOutcome = 'ok' | 'rate_limited' | 'error';

// One counter for the process: callLark is a free function every part of the bot calls.
const larkRegistry = new Registry();
const larkCalls = new Counter({
  name: 'portal_bot_lark_calls_total',
  help: 'Lark Open API calls by outcome (rate_limited counted apart from error).',
  labelNames: ['outcome'] as const,
  registers: [larkRegistry],
});

export function countLarkCall(outcome: LarkOutcome): void {
  larkCalls.inc({ outcome });
}

export interface CountedQueue {
  readonly name: string;
  getJobCounts(...types: string[]): Promise<Record<string, number>>;
}

// Bulk sends (reminders, notices) wait as 'prioritized' behind cards (context.ts): a backlog shows there.
const QUEUE_STATES = ['waiting', 'prioritized', 'active', 'failed'] as const;

/** A registry with the Lark counter, the queues' gauges (read on scrape) and the process metrics. */
export function createBotRegistry(queues: readonly CountedQueue[], logger: Logger): Registry {
  const own = new Registry();
  new Gauge({
    name: 'portal_bot_queue_jobs',
    help: 'BullMQ jobs per queue and state, read on each scrape.',
    labelNames: ['queue', 'state'] as const,
    registers: [own],
    async collect() {
      this.reset();
      await Promise.all(
        queues.map(async (queue) => {
          try {
            const counts = await queue.getJobCounts(...QUEUE_STATES);
            for (const state of QUEUE_STATES) this.set({ queue: queue.name, state }, counts[state] ?? 0);
          } catch (err) {
            // Redis down: the gauge goes missing for that queue; /ready says why.
            logger.debug({ err, queue: queue.name }, 'queue counts not read');
          }
        }),
      );
    },
  });
  collectDefaultMetrics({ register: own, prefix: 'portal_bot_' });
  return Registry.merge([larkRegistry, own]);
}

export interface MetricsServer {
  readonly port: number;
  close(): Promise<void>;
}

export async function startMetricsServer(options: {
  registry: Registry;
  port: number;
  host: string;
  logger: Logger;
}): Promise<MetricsServer> {
  const { registry, logger } = options;
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not Found');
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: unknown) => {
        logger.error({ err: error }, 'metrics not collected');
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('metrics not collected');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as { port: number }).port;
  logger.info({ port, host: options.host }, 'metrics served');
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
