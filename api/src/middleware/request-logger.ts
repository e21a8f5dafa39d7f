// One log line per request with a request id. A caller's X-Request-Id (a proxy's, the web's) is kept
// so one id follows a request across services; otherwise we make one. Either way it is echoed back.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pinoHttp } from 'pino-http';
import type { RequestHandler } from 'express';
import type { Logger } from '../logger.ts';

const REQUEST_ID = /^[\w.:-]{1,128}$/;

export function requestLogger(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      const incoming = req.headers['x-request-id'];
      const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    // The default serializers log every header; method, URL, status and id are what we read.
    serializers: {
      req: (req: { id: unknown; method: string; url: string; remoteAddress?: string }) => ({
        id: req.id,
        method: req.method,
        url: req.url,
        remoteAddress: req.remoteAddress,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
    // Hashed assets are requested by the dozen on every page load and tell us nothing.
    autoLogging: { ignore: (req) => (req.url ?? '').startsWith('/assets/') },
  });
}
