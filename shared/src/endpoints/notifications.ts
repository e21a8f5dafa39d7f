// The notifications module's endpoints (api/src/modules/notifications/).
import type {
  TNotification,
  TNotificationListQuery,
  TNotificationReadRequest,
} from '../contracts/notifications.ts';
import type { TPage } from '../contracts/pagination.ts';
import { endpoint, io } from './endpoint.ts';

export const notifications = {
  list: endpoint(
    'get',
    '/api/notifications/',
    io<{ query: Partial<TNotificationListQuery>; answer: TPage<TNotification> }>(),
  ),
  markRead: endpoint(
    'put',
    '/api/notifications/:id/read/',
    io<{ body: TNotificationReadRequest; answer: TNotification }>(),
  ),
} as const;
