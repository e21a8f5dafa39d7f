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
import type { AuthUser } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { NotAuthenticated, PermissionDenied } from '../../errors.ts';
import { contextOf } from '../../middleware/authenticate.ts';
import { methodNotAllowed } from '../../middleware/method-not-allowed.ts';
import { findLiveSessionUser } from '../../identity/live-session.ts';
import type { TokenService } from '../../identity/tokens.ts';

export const QUEUE_BOARD_PATH = '/api/admin/queues';
const COOKIE = 'portal_queues';

const isStaff = (user: AuthUser) => user.isStaff || user.isSuperuser;

function cookieOf(req: Request): string | null {
  for (const part of (req.get('cookie') ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE) return decodeURIComponent(value.join('='));
  }
  return null;
}

/** The dashboard and its session door, mounted at QUEUE_BOARD_PATH outside the JSON-only API router. */
export function queueBoard(deps: {
  queues: readonly Queue[];
  db: Db;
  tokens: TokenService;
  requireAuth: RequestHandler;
  accessTtlSeconds: number;
}): Router {
  const router = Router();
  router
    .route('/session')
    .post(deps.requireAuth, (req, res) => {
      if (!isStaff(contextOf(req).user)) throw new PermissionDenied();
      res.setHeader('Cache-Control', 'no-store');
      const token = (req.get('authorization') ?? '').trim().split(/\s+/)[1] ?? '';
      res.cookie(COOKIE, token, {
        httpOnly: true,
        sameSite: 'strict',
        secure: req.secure,
        path: QUEUE_BOARD_PATH,
        maxAge: deps.accessTtlSeconds * 1000,
      });
      res.json({ url: `${QUEUE_BOARD_PATH}/` });
    })
    .all(methodNotAllowed);

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
