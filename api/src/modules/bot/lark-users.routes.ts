// The bot stores the Lark users it found by e-mail (lark-users.ts). Service credential only.
import { Router, type RequestHandler } from 'express';
import { ZBotLarkUsersFound, type TBotLarkUsersSaved } from '@portal/shared/contracts/bot-lark-users';
import type { Db } from '../../db/client.ts';
import { methodNotAllowed } from '../../middleware/method-not-allowed.ts';
import { parseBody } from '../../middleware/validate.ts';
import { saveLarkUsersFound } from './lark-users.ts';

export function botLarkUsersRouter({
  db,
  requireService,
}: {
  db: Db;
  requireService: RequestHandler;
}): Router {
  const router = Router();

  router
    .route('/bot/lark-users')
    .post(requireService, async (req, res) => {
      const { users } = parseBody(ZBotLarkUsersFound, req);
      const answer: TBotLarkUsersSaved = { saved: await saveLarkUsersFound(db, users) };
      res.json(answer);
    })
    .all(methodNotAllowed);

  return router;
}
