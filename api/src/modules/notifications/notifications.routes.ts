import {
  ZNotification,
  ZNotificationListQuery,
  ZNotificationReadRequest,
} from '@portal/shared/contracts/notifications';
import { zPage } from '@portal/shared/contracts/pagination';
import { notifications } from '@portal/shared/endpoints/notifications';
import { moduleOf } from '../../api-module.ts';
import { endpointRouter, route } from '../../http/route.ts';
import { pageEnvelope } from '../../pagination.ts';
import { listMyNotifications, markNotification } from './notifications.service.ts';

export const notificationsModule = moduleOf('notifications', notifications, (deps) => {
  const on = endpointRouter(deps);
  route(
    on,
    notifications.list,
    { query: ZNotificationListQuery, answer: zPage(ZNotification) },
    async ({ ctx, query, req }) => {
      const page = await listMyNotifications({ ctx, input: query });
      const filters = { is_read: query.is_read === undefined ? undefined : String(query.is_read) };
      return pageEnvelope(req, { number: query.page, filters, ...page });
    },
  );
  route(
    on,
    notifications.markRead,
    { body: ZNotificationReadRequest, answer: ZNotification },
    async ({ ctx, params, body }) => markNotification({ ctx, input: { id: params.id, body } }),
  );
  return on.router;
});
