// The bot-internal routes (service credential only): what a task's cards show, and which cards were
// posted for it, so that any later event can update them.
import { Router, type RequestHandler } from 'express';
import { ZBotCardMessage } from '@portal/shared/contracts/bot-jobs';
import type { ApiModule } from '../../api-module.ts';
import type { Db } from '../../db/client.ts';
import { methodNotAllowed } from '../../middleware/method-not-allowed.ts';
import { parseBody, parseId } from '../../middleware/validate.ts';
import { taskCardData } from './card-data.ts';
import { cardMessagesOfTask, recordCardMessage } from './card-messages.repository.ts';
import { botLarkUsersRouter } from './lark-users.routes.ts';
import { botPushRouter } from './push.routes.ts';
import { botRemindersRouter } from './reminders.routes.ts';

export const botModule: ApiModule = {
  name: 'bot',
  prefixes: ['/bot/'],
  router: (deps) =>
    Router().use(botRouter(deps), botPushRouter(deps), botRemindersRouter(deps), botLarkUsersRouter(deps)),
};

function botRouter({ db, requireService }: { db: Db; requireService: RequestHandler }): Router {
  const router = Router();

  router
    .route('/bot/tasks/:id/card')
    .get(requireService, async (req, res) => {
      res.json(await taskCardData(db, parseId(req.params.id)));
    })
    .all(methodNotAllowed);

  router
    .route('/bot/tasks/:id/card-messages')
    .get(requireService, async (req, res) => {
      res.json(await cardMessagesOfTask(db, parseId(req.params.id)));
    })
    .all(methodNotAllowed);

  router
    .route('/bot/card-messages')
    .post(requireService, async (req, res) => {
      res.status(201).json(await recordCardMessage(db, parseBody(ZBotCardMessage, req)));
    })
    .all(methodNotAllowed);

  return router;
}
