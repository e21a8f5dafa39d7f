import { pino, type Logger } from 'pino';
import type { LogLevel } from './config.ts';

export type { Logger };

const REDACT = {
  paths: [
    'req.headers.authorization',
    'req.headers["x-cas-token"]',
    'req.headers.cookie',
    '*.password',
    '*.refresh',
  ],
  censor: '[redacted]',
};

/**
 * JSON lines on stdout; secrets never reach the log (tokens and passwords are redacted). `pretty`
 * (a person watching a terminal in development) writes one readable line per entry instead, in a
 * worker thread of pino-pretty's so the requests never wait for the formatting.
 */
export function createLogger(level: LogLevel, options: { pretty?: boolean } = {}): Logger {
  return pino({
    level,
    base: { service: 'api' },
    redact: REDACT,
    ...(options.pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: {
              translateTime: 'SYS:HH:MM:ss',
              ignore: 'pid,hostname,service,req,res,responseTime',
              // A request reads "GET /api/task/tasks/?page=1 200 12 ms"; other entries keep their fields.
              messageFormat:
                '{if req.method}{req.method} {req.url} {res.statusCode} {responseTime} ms{end}{if msg} {msg}{end}',
              singleLine: true,
            },
          },
        }
      : {}),
  });
}
