import Button from '@douyinfe/semi-ui/lib/es/button';
import { MSG } from '@portal/shared/messages';
import { QueryState } from '@/components/query-state.tsx';
import { useUiStore } from '@/stores/ui-store.ts';
import { useNotifications } from '../api/get-notifications.ts';
import { useNotificationActions } from '../hooks/use-notification-actions.ts';
import { NotificationItem } from './notification-item.tsx';

const SHOWN = 5;

/** The home page's newest unread notifications. */
export function LatestNotifications() {
  const unread = useNotifications(false);
  const { open, setRead } = useNotificationActions();
  const openPanel = useUiStore((state) => state.setNotificationPanelOpen);
  const setTab = useUiStore((state) => state.setNotificationTab);
  const notifications = unread.data?.results.slice(0, SHOWN) ?? [];

  return (
    <section className="home-section" aria-labelledby="latest-notifications-heading">
      <div className="home-section__header">
        <h3 id="latest-notifications-heading">未読のお知らせ</h3>
        <Button
          theme="borderless"
          size="small"
          onClick={() => {
            setTab('unread');
            openPanel(true);
          }}
        >
          すべて表示
        </Button>
      </div>
      <QueryState query={unread} empty={MSG.noMessages} isEmpty={() => notifications.length === 0} />
      {notifications.length > 0 ? (
        <ul className="notification-list notification-list--card">
          {notifications.map((notification) => (
            <NotificationItem
              key={notification.id}
              notification={notification}
              compact
              testId="latest-notification-item"
              onOpen={(item) => void open(item)}
              onSetRead={(item, read) => void setRead(item, read)}
            />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
