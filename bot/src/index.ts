// The Lark bot: consumes the queues, answers card clicks (long connection and/or HTTP), serves its
// health check. SIGINT/SIGTERM: stop taking work, let running jobs finish, quit every connection.
import { BotConfigError, loadConfig, type BotConfig } from './config/bot-config.ts';
import { createLogger } from './logger.ts';
import { startBot } from './bot.ts';

function readConfig(): BotConfig {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof BotConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

const config = readConfig();
const logger = createLogger(config.logLevel);
const bot = await startBot({ config, logger });
logger.info({ url: bot.url }, 'bot started');

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  await bot.close();
  logger.info('stopped');
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
