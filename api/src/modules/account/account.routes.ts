import { Router, type RequestHandler } from 'express';
import { contextOf } from '../../middleware/authenticate.ts';
import { methodNotAllowed } from '../../middleware/method-not-allowed.ts';
import { getStatistics, getTaskStatistics, getUserState } from './account.service.ts';

export function accountRouter({ requireAuth }: { requireAuth: RequestHandler }): Router {
  const router = Router();

  // POST, as the web has always called it (spec §7.2); the body, if any, is ignored.
  router
    .route('/account/me')
    .post(requireAuth, async (req, res) => {
      res.json(await getUserState({ ctx: contextOf(req) }));
    })
    .all(methodNotAllowed);

  router
    .route('/account/statistics')
    .get(requireAuth, async (req, res) => {
      res.json(await getStatistics({ ctx: contextOf(req) }));
    })
    .all(methodNotAllowed);

  router
    .route('/account/task/statistics')
    .get(requireAuth, async (req, res) => {
      res.json(await getTaskStatistics({ ctx: contextOf(req) }));
    })
    .all(methodNotAllowed);

  return router;
}
