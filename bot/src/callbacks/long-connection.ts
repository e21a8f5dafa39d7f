// Lark's long connection (LARK_CALLBACK_MODE ws, the default): no public URL; card clicks arrive as
// event frames and the handler's answer goes back on the socket.
import * as lark from '@larksuiteoapi/node-sdk';
import type { BotConfig } from '../config/bot-config.ts';
import { sdkLogger } from '../lark/client.ts';
import type { Logger } from '../logger.ts';
import type { CardAnswer } from './card-action.ts';

export interface LongConnection {
  close(): void;
}

/**
 * Connects in the background: the SDK retries by itself, and the bot's queues must not wait for it.
 * (The SDK says the long connection is for self-built apps; Lark's international edition is unverified,
 * hence the HTTP route as well.)
 */
export function startLongConnection(
  config: BotConfig['lark'],
  logger: Logger,
  onCardAction: (event: unknown) => Promise<CardAnswer>,
): LongConnection {
  const client = new lark.WSClient({
    appId: config.appId,
    appSecret: config.appSecret,
    domain: config.domain,
    logger: sdkLogger(logger),
    loggerLevel: lark.LoggerLevel.warn,
  });
  const dispatcher = new lark.EventDispatcher({ logger: sdkLogger(logger) }).register({
    'card.action.trigger': async (data: unknown) => onCardAction(data),
  });
  client
    .start({ eventDispatcher: dispatcher })
    .catch((err: unknown) => logger.error({ err }, 'lark long connection failed to start'));
  return { close: () => client.close() };
}
