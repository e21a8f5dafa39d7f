import { Router, type RequestHandler } from 'express';
import type { TStatistics, TTaskStatistics } from '@portal/shared/contracts/account';
import type { ApiModule } from '../../api-module.ts';
import type { ChangeFeed } from '../../cache/change-feed.ts';
import { versionedCache } from '../../cache/versioned-cache.ts';
import { tokyoDate } from '../../dates.ts';
import { contextOf } from '../../middleware/authenticate.ts';
import { methodNotAllowed } from '../../middleware/method-not-allowed.ts';
import { getStatistics, getTaskStatistics, getUserState } from './account.service.ts';
import { changePassword } from './change-password.ts';

const MAX_CACHED_USERS = 5_000;

export const accountModule: ApiModule = { name: 'account', prefixes: ['/account/'], router: accountRouter };

function accountRouter({
  requireAuth,
  changes,
}: {
  requireAuth: RequestHandler;
  changes: ChangeFeed;
}): Router {
  const router = Router();
  // Every screen asks for the badges; they are the task lists' counts, kept like the lists' pages
  // (tasks.routes.ts), by user and day (a proxy's period).
  const sidebar = versionedCache<TStatistics>(changes, MAX_CACHED_USERS);
  const home = versionedCache<TTaskStatistics>(changes, MAX_CACHED_USERS);
  const keyOf = (userId: number) => `${userId} ${tokyoDate()}`;

  // POST, as the web has always called it (spec §7.2); the body, if any, is ignored.
  router
    .route('/account/me')
    .post(requireAuth, async (req, res) => {
      res.json(await getUserState({ ctx: contextOf(req) }));
    })
    .all(methodNotAllowed);

  router
    .route('/account/password')
    .post(requireAuth, async (req, res) => {
      res.json(await changePassword({ ctx: contextOf(req), input: req.body }));
    })
    .all(methodNotAllowed);

  router
    .route('/account/statistics')
    .get(requireAuth, async (req, res) => {
      const ctx = contextOf(req);
      res.json(await sidebar.remember(keyOf(ctx.user.id), () => getStatistics({ ctx })));
    })
    .all(methodNotAllowed);

  router
    .route('/account/task/statistics')
    .get(requireAuth, async (req, res) => {
      const ctx = contextOf(req);
      res.json(await home.remember(keyOf(ctx.user.id), () => getTaskStatistics({ ctx })));
    })
    .all(methodNotAllowed);

  return router;
}
