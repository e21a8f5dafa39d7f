// The Express application, without listening: index.ts serves it, tests drive it with supertest.
// Everything it needs comes in through `deps`, so tests never depend on process.env.
import type { Queue } from 'bullmq';
import express, { type Express, type RequestHandler } from 'express';
import { NO_CHANGE_FEED, trackWrites, type ChangeFeed } from './cache/change-feed.ts';
import type { AppConfig } from './config.ts';
import type { Db } from './db/client.ts';
import type { Logger } from './logger.ts';
import { authenticate } from './middleware/authenticate.ts';
import { apiNotFound, errorHandler } from './middleware/error-handler.ts';
import { requestLogger } from './middleware/request-logger.ts';
import { refuseControlCharacters } from './middleware/refuse-control-characters.ts';
import { requireJsonBody } from './middleware/require-json.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { spa } from './middleware/spa.ts';
import { accountRouter } from './modules/account/account.routes.ts';
import { attendanceRouter } from './modules/attendance/attendance.routes.ts';
import { authRouter } from './modules/auth/auth.routes.ts';
import { casSingleLogoutHandlers } from './modules/auth/cas-logout.ts';
import { createLoginThrottle, type LoginThrottle } from './modules/auth/login-throttle.ts';
import { createTokenService } from './modules/auth/tokens.ts';
import { botRouter } from './modules/bot/bot.routes.ts';
import { botLarkUsersRouter } from './modules/bot/lark-users.routes.ts';
import { botPushRouter } from './modules/bot/push.routes.ts';
import { botRemindersRouter } from './modules/bot/reminders.routes.ts';
import { serviceCredential } from './modules/bot/service-credential.ts';
import { calendarRouter } from './modules/calendar/calendar.routes.ts';
import { companyRouter } from './modules/company/company.routes.ts';
import { devicesRouter } from './modules/devices/devices.routes.ts';
import { healthRouter } from './modules/health/health.routes.ts';
import { notificationsRouter } from './modules/notifications/notifications.routes.ts';
import { organizationsRouter } from './modules/organizations/organizations.routes.ts';
import { QUEUE_BOARD_PATH, queueBoard } from './modules/outbox/queue-board.ts';
import { proxiesRouter } from './modules/proxies/proxies.routes.ts';
import { tasksRouter } from './modules/tasks/tasks.routes.ts';
import { vacationsRouter } from './modules/vacations/vacations.routes.ts';
import { workflowRouter } from './modules/workflow/workflow.routes.ts';
import { setPublicUrl } from './pagination.ts';
import { useJapaneseZodMessages } from './zod-messages.ts';

/** JSON bodies up to 4 MB: uploads (2 MB files) arrive base64-encoded inside JSON. */
export const JSON_BODY_LIMIT = '4mb';

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
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A module's routers, entered only for paths under one of its prefixes (relative to /api). Without
 * this every request walks every module's routes in turn, which cost a cached list answer a tenth of
 * its CPU. A route outside its module's prefixes answers 404: add the prefix here with the route.
 */
function under(
  prefixes: readonly string[],
  ...routers: [RequestHandler, ...RequestHandler[]]
): RequestHandler {
  const target = routers.length === 1 ? routers[0] : express.Router().use(...routers);
  return (req, res, next) => {
    if (prefixes.some((prefix) => req.path.startsWith(prefix))) target(req, res, next);
    else next();
  };
}

export function createApp(deps: AppDeps): Express {
  const { config, db, logger } = deps;
  const changes = deps.changes ?? NO_CHANGE_FEED;
  useJapaneseZodMessages();

  const tokens = createTokenService({
    secret: config.jwtSecret,
    accessTtlSeconds: config.accessTokenTtlSeconds,
    refreshTtlSeconds: config.refreshTokenTtlSeconds,
  });
  const throttle = deps.loginThrottle ?? createLoginThrottle(config.loginRateLimit);
  const service = serviceCredential(db, config.bot.serviceToken);
  // The bot's credential is refused everywhere except where service-credential.ts says.
  const requireAuth = service.withServiceCredential(authenticate(db, tokens, changes));
  const board = deps.botQueues
    ? queueBoard({
        queues: deps.botQueues,
        db,
        tokens,
        requireAuth,
        accessTtlSeconds: config.accessTokenTtlSeconds,
      })
    : null;

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  setPublicUrl(app, config.publicUrl);
  app.use(trackWrites(changes));
  app.use(requestLogger(logger));
  app.use(securityHeaders(config.csp));

  const api = express.Router();
  api.use((_req, res, next) => {
    // Answers are per user: no shared cache may keep them.
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  api.use(requireJsonBody);
  const json = express.json({ limit: JSON_BODY_LIMIT });
  api.use((req, res, next) => (READS.has(req.method) ? next() : json(req, res, next)));
  api.use(refuseControlCharacters);
  api.use(under(['/health'], healthRouter({ db })));
  api.use(
    under(
      [
        '/token-auth',
        '/token-refresh',
        '/account/logout',
        '/account/cas-logout',
        '/lark-auth',
        '/cas-auth',
        '/auth/',
      ],
      authRouter({ db, tokens, throttle, requireAuth, config, logger }),
    ),
  );
  api.use(under(['/account/'], accountRouter({ requireAuth, changes })));
  api.use(under(['/organizations'], organizationsRouter({ requireAuth })));
  api.use(under(['/notifications'], notificationsRouter({ requireAuth })));
  api.use(under(['/master/company/'], companyRouter({ requireAuth })));
  api.use(under(['/firebase-devices'], devicesRouter({ requireAuth })));
  api.use(under(['/task/', '/attachment/'], tasksRouter({ requireAuth, changes })));
  api.use(under(['/workflow/'], workflowRouter({ requireAuth })));
  api.use(under(['/account/proxies', '/approvers/'], proxiesRouter({ requireAuth })));
  api.use(under(['/employees/', '/paid-vacation/'], vacationsRouter({ requireAuth })));
  api.use(under(['/attendance/', '/expense/attendance/'], attendanceRouter({ requireAuth })));
  api.use(under(['/task/business-days/'], calendarRouter({ requireAuth })));
  api.use(
    under(
      ['/bot/'],
      botRouter({ db, requireService: service.requireService }),
      botPushRouter({ db, requireService: service.requireService }),
      botRemindersRouter({ db, requireService: service.requireService }),
      botLarkUsersRouter({ db, requireService: service.requireService }),
    ),
  );
  api.use(apiNotFound);

  // CAS single logout posts a form, so it sits outside /api's JSON-only rule (path configurable).
  if (config.cas) app.post(config.cas.singleLogoutPath, ...casSingleLogoutHandlers({ db, logger }));
  if (board) app.use(QUEUE_BOARD_PATH, board);
  app.use('/api', api);
  app.use(spa(config.webDistDir));
  app.use(apiNotFound);
  app.use(errorHandler);
  return app;
}
