import type {
  TNotification,
  TNotificationListQuery,
  TNotificationReadRequest,
} from '@portal/shared/contracts/notifications';
import type { RequestContext } from '../../context.ts';
import { NotFound, ValidationError } from '../../errors.ts';
import { pageOffset } from '../../pagination.ts';
import * as repo from './notifications.repository.ts';

/** The body must name the notification of the URL, so a client bug cannot flip the wrong one. */
export const ID_MISMATCH = '通知IDがURLの通知と一致しません。';

function toNotification(row: repo.NotificationRow): TNotification {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    forward: row.forward,
    created_dt: row.createdAt.toISOString(),
    is_read: row.isRead,
  };
}

/**
 * The caller's own notifications, newest first. A page past the end is empty rather than a 404:
 * marking items read shrinks the list under the bell while it is open.
 */
export async function listMyNotifications({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: TNotificationListQuery;
}) {
  const [count, rows] = await Promise.all([
    repo.countNotifications(ctx.db, ctx.user.id, input.is_read),
    repo.listNotifications(ctx.db, ctx.user.id, input.is_read, pageOffset(input.page)),
  ]);
  return { count, results: rows.map(toNotification) };
}

export async function markNotification({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { id: number; body: TNotificationReadRequest };
}): Promise<TNotification> {
  if (input.body.notification_id !== input.id) throw ValidationError.field('notification_id', ID_MISMATCH);
  const row = await repo.setRead(ctx.db, ctx.user.id, input.id, input.body.is_read);
  if (!row) throw new NotFound();
  return toNotification(row);
}
