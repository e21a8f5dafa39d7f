// The Express application, without listening: index.ts serves it, tests drive it with supertest.
// Everything it needs comes in through `deps`, so tests never depend on process.env.
import type { Queue } from 'bullmq';
import compression from 'compression';
import express, { type Express, type RequestHandler } from 'express';
import { mountModule, type ApiModule, type ModuleDeps, type ReadinessParts } from './api-module.ts';
import { NO_CHANGE_FEED, type ChangeFeed } from './cache/change-feed.ts';
import type { AppConfig } from './config.ts';
import type { Db } from './db/client.ts';
import type { Logger } from './logger.ts';
import type { PortalMetrics } from './metrics/portal-metrics.ts';
import { authenticate } from './middleware/authenticate.ts';
import { idempotentRetries } from './middleware/idempotency.ts';
import { jsonBodies } from './http/body-limits.ts';
import { apiNotFound, errorHandler } from './middleware/error-handler.ts';
import { requestLogger } from './middleware/request-logger.ts';
import { refuseControlCharacters } from './middleware/refuse-control-characters.ts';
import { requireJsonBody } from './middleware/require-json.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { spa } from './middleware/spa.ts';
import { accountModule } from './modules/account/account.routes.ts';
import { adminModule } from './modules/admin/admin.routes.ts';
import { assetsModule } from './modules/assets/assets.routes.ts';
import { attendanceModule } from './modules/attendance/attendance.routes.ts';
import { authModule } from './modules/auth/auth.routes.ts';
import { casSingleLogoutModule } from './modules/auth/cas-logout.ts';
import { createLoginThrottle, type LoginThrottle } from './identity/login-throttle.ts';
import { createTokenService } from './identity/tokens.ts';
import { botModule } from './modules/bot/bot.routes.ts';
import { serviceCredential } from './modules/bot/service-credential.ts';
import { calendarModule } from './modules/calendar/calendar.routes.ts';
import { companyModule } from './modules/company/company.routes.ts';
import { devicesModule } from './modules/devices/devices.routes.ts';
import { healthModule } from './modules/health/health.routes.ts';
import { notificationsModule } from './modules/notifications/notifications.routes.ts';
import { openapiModule } from './modules/openapi/openapi.routes.ts';
import { organizationsModule } from './modules/organizations/organizations.routes.ts';
import { QUEUE_BOARD_PATH, queueBoard, queuesModule } from './modules/outbox/queue-board.ts';
import { proxiesModule } from './modules/proxies/proxies.routes.ts';
import { banksModule } from './modules/banks/banks.routes.ts';
import { recordsModule } from './modules/records/records.routes.ts';
import { tasksModule } from './modules/tasks/tasks.routes.ts';
import { slipsModule } from './modules/slips/slips.routes.ts';
import { vacationsModule } from './modules/vacations/vacations.routes.ts';
import { workflowModule } from './modules/workflow/workflow.routes.ts';
import { employeesModule } from './modules/employees/employees.routes.ts';
import { homeModule } from './modules/home/home.routes.ts';
import { noticesModule } from './modules/notices/notices.routes.ts';
import { manualModule } from './modules/manual/manual.routes.ts';
import { setPublicUrl } from './pagination.ts';
import { registerWorkflowKinds } from './register-kinds.ts';
import { useJapaneseZodMessages } from './zod-messages.ts';

/**
 * JSON bodies up to 4 MB: uploads (2 MB files) arrive base64-encoded inside JSON. A save that carries
 * several files declares more in its entry (`bodyLimit`, http/body-limits.ts).
 */
export const JSON_BODY_LIMIT = '4mb';

/** Answers from this size on are compressed (a page of a list is 4 KB; a short answer gains nothing). */
export const COMPRESS_FROM_BYTES = 1024;

export interface AppDeps {
  readonly config: AppConfig;
  readonly db: Db;
  readonly logger: Logger;
  /** Defaults to in-memory limiters; a multi-replica deployment passes Redis-backed ones. */
  readonly loginThrottle?: LoginThrottle;
  /** The bot's queues, shown to staff in the dashboard; absent when REDIS_URL is unset. */
  readonly botQueues?: readonly Queue[];
  /** What lets the session check and the task lists cache their answers; without it nothing is cached. */
  readonly changes?: ChangeFeed;
  /** Redis, the backup folder, the stop flag for readiness (modules/health/readiness.ts). */
  readonly readiness?: ReadinessParts;
  /** Prometheus metrics (METRICS_PORT): every request is timed; absent, nothing is. */
  readonly metrics?: PortalMetrics;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The modules under /api, each entered only under the prefixes it declares. Where two could answer the
 * same path, the first listed wins.
 */
const API_MODULES: readonly ApiModule[] = [
  healthModule,
  openapiModule,
  authModule,
  accountModule,
  organizationsModule,
  notificationsModule,
  companyModule,
  devicesModule,
  tasksModule,
  workflowModule,
  proxiesModule,
  vacationsModule,
  slipsModule,
  attendanceModule,
  calendarModule,
  botModule,
  banksModule,
  recordsModule,
  // Before the console's module: its /admin prefix would take the asset screens' paths.
  assetsModule,
  adminModule,
  queuesModule,
  employeesModule,
  homeModule,
  noticesModule,
  manualModule,
];

export function createApp(deps: AppDeps): Express {
  const { config, db, logger } = deps;
  const changes = deps.changes ?? NO_CHANGE_FEED;
  useJapaneseZodMessages();
  registerWorkflowKinds();

  const tokens = createTokenService({
    secret: config.jwtSecret,
    accessTtlSeconds: config.accessTokenTtlSeconds,
    refreshTtlSeconds: config.refreshTokenTtlSeconds,
  });
  const throttle = deps.loginThrottle ?? createLoginThrottle(config.loginRateLimit);
  const service = serviceCredential(db, config.bot.serviceToken);
  // The bot's credential is refused everywhere except where service-credential.ts says.
  const authenticated = service.withServiceCredential(authenticate(db, tokens, changes));
  const retries = idempotentRetries(db, logger);
  // Called by hand, so their rejections are passed on here (Express only catches its own calls').
  const requireAuth: RequestHandler = (req, res, next) =>
    Promise.resolve(
      authenticated(req, res, (error?: unknown) => {
        if (error) next(error);
        else Promise.resolve(retries(req, res, next)).catch(next);
      }),
    ).catch(next);
  const moduleDeps: ModuleDeps = {
    config,
    db,
    logger,
    tokens,
    throttle,
    changes,
    requireAuth,
    requireService: service.requireService,
    queueBoardOn: Boolean(deps.botQueues),
    readiness: deps.readiness ?? {},
    metrics: deps.metrics,
  };
  const board = deps.botQueues ? queueBoard({ queues: deps.botQueues, db, tokens }) : null;

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  setPublicUrl(app, config.publicUrl);
  if (deps.metrics) app.use(deps.metrics.requests.middleware);
  app.use(requestLogger(logger));
  app.use(securityHeaders(config.csp));

  const api = express.Router();
  api.use((_req, res, next) => {
    // Answers are per user: no shared cache may keep them.
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  const compress = compression({ threshold: COMPRESS_FROM_BYTES });
  // Only for a client that accepts an encoding (every browser does): the rest skip its bookkeeping.
  api.use((req, res, next) => (req.headers['accept-encoding'] ? compress(req, res, next) : next()));
  api.use(requireJsonBody);
  const json = jsonBodies(JSON_BODY_LIMIT);
  api.use((req, res, next) => (READS.has(req.method) ? next() : json(req, res, next)));
  api.use(refuseControlCharacters);
  for (const module of API_MODULES) api.use(mountModule(module, moduleDeps));
  api.use(apiNotFound);

  // CAS single logout posts a form, so it sits outside /api's JSON-only rule (path configurable).
  if (config.cas) app.use(mountModule(casSingleLogoutModule(config.cas.singleLogoutPath), moduleDeps));
  if (board) app.use(QUEUE_BOARD_PATH, board);
  app.use('/api', api);
  app.use(spa(config.webDistDir));
  app.use(apiNotFound);
  app.use(errorHandler);
  return app;
}
