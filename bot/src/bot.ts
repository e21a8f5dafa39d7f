// Builds the running bot from its configuration: Redis, queues, workers, the Lark client, the HTTP
// server (health, HTTP callbacks) and the long connection. Tests start it the same way.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPortalApi } from './api/portal-api.ts';
import {
  scheduleApprovalCheck,
  startApprovalCenter,
  type ApprovalCenter,
} from './approval-center/approvals-worker.ts';
import { quickApprovalRoute } from './approval-center/quick-approval.ts';
import { createAppBadge } from './badge/app-badge.ts';
import { handleCardAction } from './callbacks/card-action.ts';
import { httpCallbackHandler } from './callbacks/http-callback.ts';
import { startLongConnection, type LongConnection } from './callbacks/long-connection.ts';
import type { BotConfig } from './config/bot-config.ts';
import { createContext, type BotContext } from './context.ts';
import { createAppLimit } from './lark/app-limit.ts';
import { createLarkClient } from './lark/client.ts';
import { createLarkDirectory } from './lark/directory.ts';
import { createMessenger } from './lark/messenger.ts';
import { createOpenIds } from './lark/open-ids.ts';
import { createUserPacing } from './lark/user-pacing.ts';
import type { Logger } from './logger.ts';
import { createFirebaseTransport } from './push/firebase.ts';
import { closeRedis, createRedis } from './queue/connection.ts';
import { openQueues } from './queue/queues.ts';
import { createBotRegistry, startMetricsServer } from './metrics.ts';
import { upsertReminderSchedulers } from './reminders/schedulers.ts';
import { startWorkers } from './worker.ts';
import { checkBotReadiness, startHeartbeat } from './readiness.ts';

/** Each of the two API calls a click makes (act, then read the fresh state). */
const CALLBACK_API_TIMEOUT_MS = 1200;
/** Each of the (at most three) API calls of a quick approval: Lark waits 10 s for the answer. */
const QUICK_APPROVAL_API_TIMEOUT_MS = 3000;

export interface RunningBot {
  readonly url: string;
  readonly ctx: BotContext;
  /** The metrics server's port; null when METRICS_PORT is unset. */
  metricsPort: number | null;
  close(): Promise<void>;
}

export async function startBot({
  config,
  logger,
}: {
  config: BotConfig;
  logger: Logger;
}): Promise<RunningBot> {
  const redis = createRedis(config.redisUrl);
  // ioredis reconnects by itself; without a listener its errors would crash the process.
  redis.on('error', (err) => logger.warn({ err: err.message }, 'redis connection error'));
  const queues = openQueues(
    redis,
    { prefix: config.queuePrefix, attempts: config.attempts, backoffMs: config.backoffMs },
    // The connection's own listener above already warned of it.
    (err) => logger.debug({ err: err.message }, 'queue: redis connection error'),
  );
  const client = createLarkClient(config.lark, logger);
  const api = createPortalApi({ baseUrl: config.apiUrl, serviceToken: config.serviceToken });
  const ctx = createContext({
    config,
    logger,
    redis,
    queues,
    api,
    messenger: createMessenger(client),
    openIds: createOpenIds({
      directory: createLarkDirectory(client),
      api,
      redis,
      prefix: config.queuePrefix,
      logger,
    }),
    pacing: createUserPacing(redis, config.queuePrefix, config.lark.ratePerUser),
    appLimit: createAppLimit(redis, config.queuePrefix, config.lark.appId, {
      perSecond: config.lark.ratePerApp,
      perMinute: config.lark.ratePerAppMinute,
      marginMs: config.lark.rateMarginMs,
    }),
    push: config.firebase ? createFirebaseTransport(config.firebase) : null,
    appBadge: config.larkNative?.badge ? createAppBadge(client, redis, config.queuePrefix) : null,
    lark: client,
  });
  if (config.reminders) await upsertReminderSchedulers(queues.events, config.reminders);
  const workers = startWorkers(ctx);
  // The API's readiness reads this (issue 39): the workers are alive while it is fresh.
  const heartbeat = startHeartbeat({ redis, prefix: config.queuePrefix, workers, logger });
  let stopping = false;
  await scheduleApprovalCheck(ctx);
  const approvalCenter: ApprovalCenter | null = config.larkNative?.approvalCenter
    ? startApprovalCenter(ctx, client)
    : null;

  // A click must be answered within 3 seconds (lark.md): the API gets a short leash here.
  const callbackApi = createPortalApi({
    baseUrl: config.apiUrl,
    serviceToken: config.serviceToken,
    timeoutMs: CALLBACK_API_TIMEOUT_MS,
  });
  const onCardAction = (event: unknown) => handleCardAction(event, { api: callbackApi, config, logger });
  const callbackRoute =
    config.lark.callbackMode === 'ws' ? null : httpCallbackHandler({ config, redis, logger, onCardAction });
  let longConnection: LongConnection | null = null;
  if (config.lark.callbackMode !== 'http') {
    longConnection = startLongConnection(config.lark, logger, onCardAction);
  }

  const quick = config.larkNative?.quickApproval ?? null;
  const quickRoute = quick
    ? quickApprovalRoute({
        settings: quick,
        api: createPortalApi({
          baseUrl: config.apiUrl,
          serviceToken: config.serviceToken,
          timeoutMs: QUICK_APPROVAL_API_TIMEOUT_MS,
        }),
        logger,
      })
    : null;

  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (quick && quickRoute && req.method === 'POST' && path === quick.path) {
      quickRoute(req, res).catch((err: unknown) => {
        logger.error({ err }, 'quick approval failed');
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: '予期できないエラーが発生しました。', without_prefix: 'true' }));
      });
      return;
    }
    if (callbackRoute && req.method === 'POST' && path === config.lark.callbackPath) {
      callbackRoute(req, res).catch((err: unknown) => {
        logger.error({ err }, 'lark callback failed');
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 500, msg: 'internal error' }));
      });
      return;
    }
    if (req.method === 'GET' && path === '/ready') {
      void checkBotReadiness({
        redis,
        workers,
        heartbeat,
        apiUrl: config.apiUrl,
        stopping: () => stopping,
      }).then((answer) => {
        res.writeHead(answer.status === 'ok' ? 200 : 503, {
          'content-type': 'application/json',
          'cache-control': 'no-store',
        });
        res.end(JSON.stringify(answer));
      });
      return;
    }
    // Liveness: the process answers. Redis coming and going is readiness' business (/ready); a
    // liveness that failed with it would have the orchestrator restart a bot that only waits for Redis.
    const healthy = req.method === 'GET' && path === '/health';
    res.writeHead(healthy ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(healthy ? { status: 'ok' } : { detail: '見つかりませんでした。' }));
  });
  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  const { port } = server.address() as AddressInfo;
  const metrics = config.metrics
    ? await startMetricsServer({
        registry: createBotRegistry([queues.events, queues.lark, queues.approvals], logger),
        port: config.metrics.port,
        host: config.metrics.host,
        logger,
      })
    : null;

  return {
    url: `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`,
    ctx,
    metricsPort: metrics?.port ?? null,
    async close() {
      // Readiness turns 503 first; then no new connection, the running jobs finish, the queues and
      // Redis close.
      stopping = true;
      heartbeat.stop();
      longConnection?.close();
      server.closeIdleConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await metrics?.close();
      await workers.close();
      await approvalCenter?.close();
      await queues.close();
      await ctx.push?.close();
      await closeRedis(redis);
    },
  };
}
