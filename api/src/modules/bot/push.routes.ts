// The bot's push routes: which FCM tokens a user has, and deleting the ones FCM refused for good.
// Reachable with the bot's service credential only (requireService).
import { Router, type RequestHandler } from 'express';
import { ZBotPushDevicesDelete } from '@portal/shared/contracts/bot-push';
import type { Db } from '../../db/client.ts';
import { methodNotAllowed } from '../../middleware/method-not-allowed.ts';
import { parseBody, parseId } from '../../middleware/validate.ts';
import { deleteDevicesByToken, listTokensOfUser } from '../devices/devices.repository.ts';

export function botPushRouter({ db, requireService }: { db: Db; requireService: RequestHandler }): Router {
  const router = Router();

  router
    .route('/bot/users/:id/push-devices')
    .get(requireService, async (req, res) => {
      res.json({ tokens: await listTokensOfUser(db, parseId(req.params.id)) });
    })
    .all(methodNotAllowed);

  router
    .route('/bot/push-devices/delete')
    .post(requireService, async (req, res) => {
      const { tokens } = parseBody(ZBotPushDevicesDelete, req);
      res.json({ deleted: await deleteDevicesByToken(db, tokens) });
    })
    .all(methodNotAllowed);

  return router;
}
