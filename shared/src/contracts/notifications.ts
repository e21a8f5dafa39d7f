import { z } from 'zod';
import { ZPageQuery } from './pagination.ts';

/** spec §3.5. `created_dt` is ISO 8601; screens show it as YYYY-MM-DD hh:mm. */
export const ZNotification = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  forward: z.string().nullable(),
  created_dt: z.string(),
  is_read: z.boolean(),
});
export type TNotification = z.infer<typeof ZNotification>;

const ZBoolString = z.enum(['true', 'false']).transform((v) => v === 'true');

/** GET /api/notifications/?is_read=true|false&page=N */
export const ZNotificationListQuery = ZPageQuery.extend({ is_read: ZBoolString.optional() });
export type TNotificationListQuery = z.infer<typeof ZNotificationListQuery>;

/** PUT /api/notifications/{id}/read/ */
export const ZNotificationReadRequest = z.object({
  notification_id: z.number().int().positive(),
  is_read: z.boolean(),
});
export type TNotificationReadRequest = z.infer<typeof ZNotificationReadRequest>;
