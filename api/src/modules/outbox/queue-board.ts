// The queue dashboard (@bull-board) for staff: failed jobs stay there for inspection and retry. The
// board is a page of its own whose requests carry no Authorization header, so a staff member first
// POSTs /api/admin/queues/session with their usual token; the answer sets that same access token
// as a cookie scoped to the board's path (HttpOnly, SameSite=Strict). Each board request then
// passes the same checks as any API call — live session, active account — plus is_staff or
// superuser. The cookie lives as long as the token.
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { Queue } from 'bullmq';
import { Router, type Request, type RequestHandler } from 'express';
import { ZQueueBoardSession } from '@portal/shared/contracts/queues';
import { QUEUE_BOARD_PAGE, queues } from '@portal/shared/endpoints/queues';
import { moduleOf } from '../../api-module.ts';
import type { AuthUser } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { NotAuthenticated, NotFound, PermissionDenied } from '../../errors.ts';
import { endpointRouter, route } from '../../http/route.ts';
import { findLiveSessionUser } from '../../identity/live-session.ts';
import type { TokenService } from '../../identity/tokens.ts';

/** Where the board is mounted (its page, less the trailing slash Express mounts without). */
export const QUEUE_BOARD_PATH = QUEUE_BOARD_PAGE.slice(0, -1);
const COOKIE = 'portal_queues';

const isStaff = (user: AuthUser) => user.isStaff || user.isSuperuser;

function cookieOf(req: Request): string | null {
  for (const part of (req.get('cookie') ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE) return decodeURIComponent(value.join('='));
  }
  return null;
}

/**
 * The door (an entry of the endpoint table, staff only): sets the caller's access token as the board's
 * cookie. Mounted with the other modules; it answers 404 where this deployment has no board (no Redis).
 */
export const queuesModule = moduleOf('queues', queues, (deps) => {
  const on = endpointRouter(deps);
  const closedWithoutBoard = () => {
    if (!deps.queueBoardOn) throw new NotFound();
  };
  route(on, queues.session, { guard: closedWithoutBoard, answer: ZQueueBoardSession }, ({ req, res }) => {
    const token = (req.get('authorization') ?? '').trim().split(/\s+/)[1] ?? '';
    res.cookie(COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: req.secure,
      path: QUEUE_BOARD_PATH,
      maxAge: deps.config.accessTokenTtlSeconds * 1000,
    });
    return { url: QUEUE_BOARD_PAGE };
  });
  return on.router;
});

/** The dashboard, mounted at QUEUE_BOARD_PATH outside the JSON-only API router. */
export function queueBoard(deps: { queues: readonly Queue[]; db: Db; tokens: TokenService }): Router {
  const router = Router();
  // The door is the queues module's, under /api with the other entries.
  router.all('/session', (_req, _res, next) => next('router'));

  const staffOnly: RequestHandler = async (req, res, next) => {
    const token = cookieOf(req);
    if (!token) throw new NotAuthenticated();
    const subject = await deps.tokens.verifyAccess(token);
    const user = await findLiveSessionUser(deps.db, subject.userId, subject.sessionId);
    if (!user) throw new NotAuthenticated();
    if (!isStaff(user)) throw new PermissionDenied();
    // The board's pages and data are as private as the jobs they show.
    res.setHeader('Cache-Control', 'no-store');
    next();
  };

  const adapter = new ExpressAdapter();
  adapter.setBasePath(QUEUE_BOARD_PATH);
  createBullBoard({
    queues: deps.queues.map((queue) => new BullMQAdapter(queue)),
    serverAdapter: adapter,
    options: { uiConfig: { boardTitle: 'Portal queues' } },
  });
  router.use(staffOnly, adapter.getRouter() as Router);
  return router;
}
