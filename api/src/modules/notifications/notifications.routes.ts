import { Router, type RequestHandler } from 'express';
import { ZNotificationListQuery, ZNotificationReadRequest } from '@portal/shared/contracts/notifications';
import type { ApiModule } from '../../api-module.ts';
import { contextOf } from '../../middleware/authenticate.ts';
import { methodNotAllowed } from '../../middleware/method-not-allowed.ts';
import { parseBody, parseId, parseQuery } from '../../middleware/validate.ts';
import { pageEnvelope } from '../../pagination.ts';
import { listMyNotifications, markNotification } from './notifications.service.ts';

export const notificationsModule: ApiModule = {
  name: 'notifications',
  prefixes: ['/notifications'],
  router: notificationsRouter,
};

function notificationsRouter({ requireAuth }: { requireAuth: RequestHandler }): Router {
  const router = Router();

  router
    .route('/notifications')
    .get(requireAuth, async (req, res) => {
      const input = parseQuery(ZNotificationListQuery, req);
      const page = await listMyNotifications({ ctx: contextOf(req), input });
      const filters = { is_read: input.is_read === undefined ? undefined : String(input.is_read) };
      res.json(pageEnvelope(req, { number: input.page, filters, ...page }));
    })
    .all(methodNotAllowed);

  router
    .route('/notifications/:id/read')
    .put(requireAuth, async (req, res) => {
      const id = parseId(req.params.id);
      const body = parseBody(ZNotificationReadRequest, req);
      res.json(await markNotification({ ctx: contextOf(req), input: { id, body } }));
    })
    .all(methodNotAllowed);

  return router;
}
