// Which request a context serves (its id and the caller's address), kept beside the context rather
// than in it, so that records naming the request (the access log, issue 34) need no Request in the actions.
import type { Request } from 'express';
import type { RequestContext } from '../context.ts';
import { requestIdOf } from '../middleware/request-logger.ts';

export interface RequestMeta {
  readonly id: string | null;
  readonly address: string | null;
}

const metas = new WeakMap<RequestContext, RequestMeta>();

export function noteRequest(ctx: RequestContext, req: Request): void {
  metas.set(ctx, { id: requestIdOf(req) ?? null, address: req.ip ?? req.socket.remoteAddress ?? null });
}

/** The request a context serves; none for a context made outside HTTP (a job, a test). */
export function requestOf(ctx: RequestContext): RequestMeta | undefined {
  return metas.get(ctx);
}
