import Button from '@douyinfe/semi-ui/lib/es/button';
import Spin from '@douyinfe/semi-ui/lib/es/spin';
import { MSG } from '@portal/shared/messages';
import { errorMessages } from '@/lib/error-messages.ts';
import { useNotificationList } from '../api/get-notifications.ts';
import { useNotificationActions } from '../hooks/use-notification-actions.ts';
import { NotificationItem } from './notification-item.tsx';

export function NotificationList({ isRead, onNavigate }: { isRead: boolean; onNavigate: () => void }) {
  const list = useNotificationList(isRead);
  const { open, setRead } = useNotificationActions({ onNavigate });

  if (list.isPending) {
    return (
      <div className="notification-list__state" role="status" aria-label="読み込み中">
        <Spin />
      </div>
    );
  }
  if (list.isError) {
    return (
      <p className="notification-list__state" role="alert">
        {errorMessages(list.error).join(' ')}
      </p>
    );
  }
  const notifications = list.data.pages.flatMap((page) => page.results);
  if (notifications.length === 0) return <p className="notification-list__state">{MSG.noMessages}</p>;
  return (
    <>
      <ul className="notification-list" aria-label={isRead ? '既読のお知らせ' : '未読のお知らせ'}>
        {notifications.map((notification) => (
          <NotificationItem
            key={notification.id}
            notification={notification}
            onOpen={(item) => void open(item)}
            onSetRead={(item, read) => void setRead(item, read)}
          />
        ))}
      </ul>
      {list.hasNextPage ? (
        <Button
          block
          theme="borderless"
          loading={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          さらに表示
        </Button>
      ) : null}
    </>
  );
}
