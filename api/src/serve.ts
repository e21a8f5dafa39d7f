// The application's start, loaded by index.ts once the data folder is locked: bind the port (a port in
// use ends the start before the database is opened); open, check and prepare the database; serve. On a
// stop request (stop-requests.ts) stop accepting connections, let running requests finish (up to
// SHUTDOWN_GRACE), close the database (PGlite writes its shutdown checkpoint), release the lock, exit.
import type http from 'node:http';
import path from 'node:path';
import { createApp } from './app.ts';
import { openChangeFeed } from './cache/change-feed.ts';
import type { Config } from './config.ts';
import { openPostgres, type DatabaseHandle } from './db/client.ts';
import { MigrationMismatchError } from './db/migration-state.ts';
import { prepareDatabase } from './prepare-database.ts';
import { withJwtSecret } from './jwt-secret.ts';
import { createHttpServer } from './http-server.ts';
import { stopInOrder } from './shutdown.ts';
import { startingListener } from './starting-page.ts';
import { createLogger } from './logger.ts';
import { createPortalMetrics } from './metrics/portal-metrics.ts';
import { startMetricsServer } from './metrics/metrics-server.ts';
import { checkReadiness } from './modules/health/readiness.ts';
import { openBotQueues } from './modules/outbox/bot-queues.ts';
import { startOutboxRelay } from './modules/outbox/relay.ts';
import { startResidenceNoticeJob } from './modules/records/residence-notice-job.ts';
import { startLendingReminderJob } from './modules/assets/lending-reminder-job.ts';
import { attendanceYearsOf } from './modules/retention/retention-classes.ts';
import { startRetentionJob } from './modules/retention/run-retention.ts';
import { startSlipNoticeJob } from './modules/slips/slip-notices.ts';
import { startNoticeJob } from './modules/notices/notice-job.ts';
import { startGrantJob } from './modules/vacations/grant-job.ts';
import { startObligationReminderJob } from './modules/vacations/obligation-reminder-job.ts';
import { archiveName } from './ops/backup/backup-files.ts';
import { startEmbeddedBackups } from './ops/backup/embedded-backups.ts';
import { logOperation } from './ops/backup/operation-log.ts';
import { takeBackup } from './ops/backup/take-backup.ts';
import type { DataDirLock } from './db/data-dir-lock.ts';
import { DatabaseUnopenableError, openEmbedded } from './ops/open-embedded.ts';
import type { StopRequests } from './stop-requests.ts';

export async function serve({
  config,
  lock,
  stops,
  lockedAt,
}: {
  config: Config;
  lock: DataDirLock | null;
  stops: StopRequests;
  /** When the entry held the data folder's lock (ms since the process began), for the startup line. */
  lockedAt?: number;
}): Promise<void> {
  async function fail(message: string, handle?: DatabaseHandle): Promise<never> {
    console.error(message);
    await handle?.close();
    await lock?.release();
    process.exit(1);
  }

  const appConfig = await withJwtSecret(config).catch((error: unknown) =>
    fail(`Cannot prepare the JWT secret: ${(error as Error).message}`),
  );
  // Readable lines for a person at a terminal; JSON for production and for anything reading a pipe.
  const logger = createLogger(config.logLevel, {
    pretty: config.env !== 'production' && process.stdout.isTTY === true,
  });

  // Where a start's seconds go (ms since the process began), on the "listening" line: an operator
  // reads a slow restart from it, and `npm run bench -- restart` reports it.
  const startup: Record<string, number> = {
    ...(lockedAt === undefined ? {} : { locked: lockedAt }),
    loaded: Math.round(performance.now()),
  };
  const mark = (phase: string) => (startup[phase] = Math.round(performance.now()));

  // Until the database is ready every request gets 503 (a browser a page saying 起動中です that retries
  // by itself), so health checks wait rather than fail.
  const starting = startingListener;
  const server = createHttpServer(config.http, starting);
  await new Promise<void>((resolve) => {
    const refused = (error: Error) =>
      void fail(`Cannot listen on ${config.host}:${config.port}: ${error.message}`);
    server.once('error', refused);
    server.listen(config.port, config.host, () => {
      server.off('error', refused);
      server.on('error', (error) => logger.error({ err: error }, 'server error'));
      resolve();
    });
  });

  const handle: DatabaseHandle = config.databaseUrl
    ? openPostgres(config.databaseUrl, (error) => logger.error({ err: error }, 'database connection lost'))
    : await openEmbedded(config.pgliteDir, config.backup.dir).catch((error: unknown) =>
        fail(error instanceof DatabaseUnopenableError ? error.message : String(error)),
      );
  mark('databaseOpen');

  try {
    await prepareDatabase(handle, {
      seedDemo: config.seedDemo,
      logger,
      ...(handle.kind === 'pglite' && config.backup.auto
        ? {
            beforeMigrating: async () => {
              const file = path.join(config.backup.dir, archiveName('pre-migration', new Date()));
              logger.info({ file, kind: 'pre-migration' }, 'backup started');
              await takeBackup(handle, {
                file,
                dataDir: config.dataDir,
                withSecrets: false,
                scratchIn: config.dataDir,
              });
              await logOperation(handle.db, { kind: 'backup', file, ranBy: 'portal (pre-migration)' });
              logger.info({ file }, 'backup written before migrating');
            },
          }
        : {}),
    });
  } catch (error) {
    if (error instanceof MigrationMismatchError) await fail(error.message, handle);
    logger.fatal({ err: error }, 'database preparation failed');
    await fail(`database preparation failed: ${(error as Error).message}`, handle);
  }

  mark('databasePrepared');
  const changes = await openChangeFeed(handle, logger);

  // With Redis, the outbox reaches the Lark bot; without it (the embedded default) rows wait unsent.
  const botQueues = config.bot.redisUrl
    ? openBotQueues({ redisUrl: config.bot.redisUrl, prefix: config.bot.queuePrefix, logger })
    : null;
  const relay = botQueues
    ? startOutboxRelay({ db: handle.db, queues: botQueues, pollMs: config.bot.outboxPollMs, logger })
    : null;

  // Set on the first stop request: readiness answers 503 from then on.
  let stopping = false;
  const readiness = {
    redis: botQueues?.connection,
    backupDir: handle.kind === 'pglite' && config.backup.auto ? config.backup.dir : undefined,
    stopping: () => stopping,
  };
  const metrics = config.metrics
    ? createPortalMetrics({
        db: handle.db,
        pool: handle.pool,
        queues: botQueues ? [botQueues.events, botQueues.lark] : undefined,
        backupDir: readiness.backupDir,
        readiness: () =>
          checkReadiness({
            db: handle.db,
            queuePrefix: config.bot.queuePrefix,
            outboxMaxAgeSeconds: config.readiness.outboxMaxAgeSeconds,
            botHeartbeatMaxAgeSeconds: config.readiness.botHeartbeatMaxAgeSeconds,
            ...readiness,
          }),
      })
    : undefined;
  const app = createApp({
    config: appConfig,
    db: handle.db,
    logger,
    changes,
    ...(botQueues ? { botQueues: [botQueues.events, botQueues.lark] } : {}),
    readiness,
    ...(metrics ? { metrics } : {}),
  });
  server.off('request', starting);
  server.on('request', app);
  mark('serving');
  // On a port of its own, never the public one (issue 39); off unless METRICS_PORT is set.
  const metricsServer =
    metrics && config.metrics
      ? await startMetricsServer({ registry: metrics.registry, ...config.metrics, logger }).catch(
          (error: unknown) =>
            fail(
              `Cannot serve metrics on ${config.metrics?.host}:${config.metrics?.port}: ${String(error)}`,
              handle,
            ),
        )
      : null;
  // The periodic jobs run now, then each period; a turn runs on one replica at a time (jobs/periodic-job.ts).
  // The statutory paid-leave grants: hourly.
  const grantJob = startGrantJob({ db: handle.db, logger });
  // The residence card notices (90 and 30 days before expiry): hourly.
  const residenceJob = startResidenceNoticeJob({ db: handle.db, logger });
  // The five-day obligation reminders (3 months and 1 month before): hourly; each claimed once.
  const obligationJob = startObligationReminderJob({ db: handle.db, logger, publicUrl: appConfig.publicUrl });
  // The 返却期限 reminders of lent assets (14 and 3 days before, and on the day): hourly, idempotent.
  const lendingReminderJob = startLendingReminderJob({ db: handle.db, logger });
  // The slips' publication notices (issue 29): every minute; each upload claimed once.
  const slipNoticeJob = startSlipNoticeJob({ db: handle.db, logger, publicUrl: appConfig.publicUrl });
  // A 重要 notice published at its 公開開始 (issue 30): every minute; each notice claimed once.
  const noticeJob = startNoticeJob({ db: handle.db, logger });
  // Retention by record class (issue 34): once a night, what is past its rule and not held is deleted.
  const retentionJob = startRetentionJob({
    db: handle.db,
    logger,
    attendanceYears: attendanceYearsOf(process.env),
  });
  const backups =
    handle.kind === 'pglite'
      ? await startEmbeddedBackups({ handle, dataDir: config.dataDir, config: config.backup, logger })
      : null;
  mark('jobsStarted');
  logger.info(
    {
      port: config.port,
      host: config.host,
      database: handle.kind,
      dataDir: config.dataDir,
      startupMs: startup,
    },
    `portal api listening on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`,
  );

  // Once stopping, every answer closes its connection: a keep-alive client must not slip in new
  // requests while the running ones finish.
  server.on('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    if (stopping) res.shouldKeepAlive = false;
  });
  const graceMs = config.shutdownGraceSeconds * 1000;
  const stop = async (reason: string) => {
    logger.info({ reason, graceSeconds: config.shutdownGraceSeconds }, 'shutting down');
    // A start meanwhile (a restart) waits for this one instead of refusing.
    await lock?.markStopping().catch((error: unknown) => logger.warn({ err: error }, 'lock record'));
    await stopInOrder({
      server,
      graceMs,
      notReadyMs: config.shutdownDelaySeconds * 1000,
      logger,
      // `stopping` is already set: readiness answers 503 from the first moment.
      notReady: () => undefined,
      async stopBackgroundWork() {
        grantJob.stop();
        residenceJob.stop();
        obligationJob.stop();
        lendingReminderJob.stop();
        slipNoticeJob.stop();
        noticeJob.stop();
        retentionJob.stop();
        await grantJob.firstRun;
        await residenceJob.firstRun;
        await obligationJob.firstRun;
        await lendingReminderJob.firstRun;
        await slipNoticeJob.firstRun;
        await noticeJob.firstRun;
        await backups?.stop();
      },
      async closeQueues() {
        await relay?.stop();
        await botQueues?.close();
      },
      async closeDatabase() {
        await changes.close();
        await handle.close();
      },
    });
    await metricsServer?.close();
    await lock?.release();
    logger.info('stopped');
    process.exit(0);
  };
  stops.onStop((reason, count) => {
    if (!stopping) {
      stopping = true;
      void stop(reason);
      return;
    }
    if (count === 2) {
      // Ctrl+C twice: do not wait for running requests, but still close the database cleanly.
      logger.warn({ reason }, 'stopping without waiting for running requests');
      server.closeAllConnections();
      return;
    }
    logger.warn({ reason }, 'stopping at once');
    process.exit(1);
  });
  // Tell `npm start` (scripts/start.mjs) that this server, and not some other process on the port, is up.
  process.send?.({ type: 'ready', port: (server.address() as { port: number } | null)?.port ?? config.port });
}
