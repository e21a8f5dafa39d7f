// Starts the API: read the configuration, open and prepare the database, listen. On SIGINT/SIGTERM
// stop accepting connections, let running requests finish, close the database, exit.
import type { Server } from 'node:http';
import { createApp } from './app.ts';
import { openChangeFeed } from './cache/change-feed.ts';
import { ConfigError, loadConfigFromProcess, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { answerClientErrors } from './middleware/client-errors.ts';
import { prepareDatabase } from './prepare-database.ts';
import { withJwtSecret } from './jwt-secret.ts';
import { createLogger } from './logger.ts';
import { openBotQueues } from './modules/outbox/bot-queues.ts';
import { startOutboxRelay } from './modules/outbox/relay.ts';

/** How long running requests get to finish before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

function readConfig(): Config {
  try {
    return loadConfigFromProcess();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

async function settleSecret(config: Config) {
  try {
    return await withJwtSecret(config);
  } catch (error) {
    console.error(`Cannot prepare the JWT secret: ${(error as Error).message}`);
    process.exit(1);
  }
}

const config = await settleSecret(readConfig());
const logger = createLogger(config.logLevel);
const handle = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: config.pgliteDir,
  onIdleError: (error) => logger.error({ err: error }, 'database connection lost'),
});

try {
  await prepareDatabase(handle, { seedDemo: config.seedDemo, logger });
} catch (error) {
  logger.fatal({ err: error }, 'database preparation failed');
  await handle.close();
  process.exit(1);
}

const changes = await openChangeFeed(handle, logger);

// With Redis, the outbox reaches the Lark bot; without it (the embedded default) rows wait unsent.
const botQueues = config.bot.redisUrl
  ? openBotQueues({ redisUrl: config.bot.redisUrl, prefix: config.bot.queuePrefix, logger })
  : null;
const relay = botQueues
  ? startOutboxRelay({ db: handle.db, queues: botQueues, pollMs: config.bot.outboxPollMs, logger })
  : null;

const app = createApp({
  config,
  db: handle.db,
  logger,
  changes,
  ...(botQueues ? { botQueues: [botQueues.events, botQueues.lark] } : {}),
});
const server: Server = app.listen(config.port, config.host, () => {
  logger.info(
    { port: config.port, host: config.host, database: handle.kind, dataDir: config.dataDir },
    `portal api listening on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`,
  );
});
answerClientErrors(server);
server.on('error', async (error) => {
  logger.fatal({ err: error }, 'server failed to start');
  await handle.close();
  process.exit(1);
});

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  const force = setTimeout(() => {
    logger.warn('requests still running after the grace period; closing anyway');
    server.closeAllConnections();
  }, SHUTDOWN_GRACE_MS);
  force.unref();
  server.closeIdleConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await relay?.stop();
  await botQueues?.close();
  await changes.close();
  await handle.close();
  logger.info('stopped');
  process.exit(0);
}

process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
