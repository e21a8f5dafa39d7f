import Button from '@douyinfe/semi-ui/lib/es/button';
import { MSG } from '@portal/shared/messages';
import { QueryState } from '@/components/query-state.tsx';
import { useNotificationList } from '../api/get-notifications.ts';
import { useNotificationActions } from '../hooks/use-notification-actions.ts';
import { NotificationItem } from './notification-item.tsx';

export function NotificationList({ isRead, onNavigate }: { isRead: boolean; onNavigate: () => void }) {
  const list = useNotificationList(isRead);
  const { open, setRead } = useNotificationActions({ onNavigate });

  const notifications = list.data?.pages.flatMap((page) => page.results) ?? [];
  if (!list.data || notifications.length === 0) {
    return <QueryState query={list} empty={MSG.noMessages} isEmpty={() => true} />;
  }
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
