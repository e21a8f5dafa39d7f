import Button from '@douyinfe/semi-ui/lib/es/button';
import type { TNotification } from '@portal/shared/contracts/notifications';
import { NOTIFICATION_TIME_FORMAT } from '@portal/shared/limits';
import { dayjs } from '@/lib/dayjs.ts';

interface NotificationItemProps {
  notification: TNotification;
  onOpen: (notification: TNotification) => void;
  onSetRead: (notification: TNotification, isRead: boolean) => void;
  /** Hide the read/unread control (the home page's short list). */
  compact?: boolean;
  testId?: string;
}

export function formatNotificationTime(iso: string): string {
  return dayjs(iso).format(NOTIFICATION_TIME_FORMAT);
}

export function NotificationItem({
  notification,
  onOpen,
  onSetRead,
  compact = false,
  testId = 'notification-item',
}: NotificationItemProps) {
  const { title, content, forward, created_dt: createdAt, is_read: isRead } = notification;
  return (
    <li className={`notification-item${isRead ? '' : ' notification-item--unread'}`} data-testid={testId}>
      <a
        className="notification-item__title"
        href={forward ?? '#'}
        onClick={(event) => {
          event.preventDefault();
          onOpen(notification);
        }}
      >
        {title}
      </a>
      {content ? <p className="notification-item__content">{content}</p> : null}
      <div className="notification-item__meta">
        <time dateTime={createdAt}>{formatNotificationTime(createdAt)}</time>
        {compact ? null : (
          <Button size="small" theme="borderless" onClick={() => onSetRead(notification, !isRead)}>
            {isRead ? '未読にする' : '既読にする'}
          </Button>
        )}
      </div>
    </li>
  );
}
