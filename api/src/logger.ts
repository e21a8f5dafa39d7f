import { pino, type Logger } from 'pino';
import type { LogLevel } from './config.ts';

export type { Logger };

/** JSON lines on stdout; secrets never reach the log (tokens and passwords are redacted). */
export function createLogger(level: LogLevel): Logger {
  return pino({
    level,
    base: { service: 'api' },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers["x-cas-token"]',
        'req.headers.cookie',
        '*.password',
        '*.refresh',
      ],
      censor: '[redacted]',
    },
  });
}
