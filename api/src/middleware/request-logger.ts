// One log line per request with a request id. A caller's X-Request-Id (a proxy's, the web's) is kept
// so one id follows a request across services; otherwise we make one. Either way it is echoed back.
// Written on pino directly rather than with pino-http: a child logger, listener bookkeeping and
// serializers for every request cost more CPU than the rest of a cached list answer
// (docs/benchmarks.md). The child logger handlers use (`requestLog`) is made only when asked for.
// The URL is logged with its credentials (tokens, tickets, codes in the query) redacted.
import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import type { Logger } from '../logger.ts';

const REQUEST_ID = /^[\w.:-]{1,128}$/;

interface RequestLogState {
  readonly logger: Logger;
  readonly id: string;
  child?: Logger;
  /** The signed-in caller, noted by authenticate.ts (which imports this file, not the reverse). */
  userId?: number;
  /** Whom the caller acted for as a proxy (an approval during the principal's absence). */
  principalId?: number;
}

const states = new WeakMap<Request, RequestLogState>();

/**
 * Query parameters that carry a credential somewhere (a sign-in hand-over, a CAS ticket, an OAuth
 * code): their values never reach the log, whatever path they arrive on (issue 32).
 */
const SECRET_PARAMETERS = new Set(['access_token', 'refresh', 'refresh_token', 'id_token', 'ticket', 'code']);

function parameterName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** The URL as logged: each secret parameter's value replaced by [redacted]. */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return SECRET_PARAMETERS.has(parameterName(name)) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, start)}?${query.join('&')}`;
}

function requestFields(req: Request, id: string) {
  return { id, method: req.method, url: redactUrl(req.originalUrl), remoteAddress: req.socket.remoteAddress };
}

export function requestLogger(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', id);
    states.set(req, { logger, id });
    // Hashed assets are requested by the dozen on every page load and tell us nothing.
    if (req.url.startsWith('/assets/') || !logger.isLevelEnabled('info')) {
      next();
      return;
    }
    const started = performance.now();
    res.once('close', () => {
      const fields = {
        req: requestFields(req, id),
        // Who made it (issue 39); read when the answer is done, after the credential was checked.
        userId: states.get(req)?.userId,
        ...(states.get(req)?.principalId !== undefined ? { principalId: states.get(req)!.principalId } : {}),
        res: { statusCode: res.statusCode },
        responseTime: Math.round(performance.now() - started),
      };
      if (!res.writableFinished) logger.warn(fields, 'request aborted');
      else if (res.statusCode >= 500) logger.error(fields, 'request errored');
      else logger.info(fields, 'request completed');
    });
    next();
  };
}

/** Names the request's caller on its log line (called once the credential is checked). */
export function noteCaller(req: Request, userId: number): void {
  const state = states.get(req);
  if (state) state.userId = userId;
}

/** Names, on the request's log line, the user the caller acted for as a proxy. */
export function notePrincipal(req: Request, principalId: number): void {
  const state = states.get(req);
  if (state) state.principalId = principalId;
}

/** The request's id (the caller's X-Request-Id or ours), for records that name the request (the access log). */
export function requestIdOf(req: Request): string | undefined {
  return states.get(req)?.id;
}

/** The request's logger: every line carries the request's id, method and URL. */
export function requestLog(req: Request): Logger {
  const state = states.get(req);
  if (!state) throw new Error('requestLogger is not mounted before this handler');
  state.child ??= state.logger.child({ req: requestFields(req, state.id) });
  return state.child;
}
