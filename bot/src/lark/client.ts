// The official SDK client, pointed at the configured domain (tests: a fake on 127.0.0.1).
import * as lark from '@larksuiteoapi/node-sdk';
import type { BotConfig } from '../config/bot-config.ts';
import type { Logger } from '../logger.ts';

export function sdkLogger(logger: Logger) {
  // The SDK logs every non-2xx answer at error level; we decide what is an error ourselves.
  const log =
    (level: 'warn' | 'debug') =>
    (...msg: unknown[]) =>
      logger[level]({ lark: msg }, 'lark sdk');
  return {
    error: log('warn'),
    warn: log('warn'),
    info: log('debug'),
    debug: log('debug'),
    trace: log('debug'),
  };
}

export function createLarkClient(config: BotConfig['lark'], logger: Logger): lark.Client {
  return new lark.Client({
    appId: config.appId,
    appSecret: config.appSecret,
    domain: config.domain,
    // Each client its own token cache: the SDK's default one is shared by the whole process.
    cache: new lark.DefaultCache(),
    logger: sdkLogger(logger),
  });
}
