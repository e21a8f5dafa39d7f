// Which request a context serves (its id and the caller's address), kept beside the context rather
// than in it, so that records naming the request (the access log, issue 34) need no Request in the actions.
import type { Request } from 'express';
import type { RequestContext } from '../context.ts';
import { requestIdOf } from '../middleware/request-logger.ts';

export interface RequestMeta {
  readonly id: string | null;
  readonly address: string | null;
}

// The request itself is kept and read only when a record asks: `req.ip` walks the trusted proxies on
// every call, which a cached list answer should not pay for.
const requests = new WeakMap<RequestContext, Request>();

export function noteRequest(ctx: RequestContext, req: Request): void {
  requests.set(ctx, req);
}

/** The request a context serves; none for a context made outside HTTP (a job, a test). */
export function requestOf(ctx: RequestContext): RequestMeta | undefined {
  const req = requests.get(ctx);
  if (!req) return undefined;
  return { id: requestIdOf(req) ?? null, address: req.ip ?? req.socket.remoteAddress ?? null };
}
