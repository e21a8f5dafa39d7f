import { lazy, Suspense } from 'react';
import Badge from '@douyinfe/semi-ui/lib/es/badge';
import Button from '@douyinfe/semi-ui/lib/es/button';
import IconBell from '@douyinfe/semi-icons/lib/es/icons/IconBell';
import { useUiStore } from '@/stores/ui-store.ts';
import { useNotifications } from '../api/get-notifications.ts';

// The panel (its lists, its tabs) loads on the first opening, not with every page.
const NotificationPanel = lazy(() =>
  import('./notification-panel.tsx').then((module) => ({ default: module.NotificationPanel })),
);

/** The top bar's bell: the unread count, and the panel it opens. */
export function NotificationBell({ enabled = true }: { enabled?: boolean }) {
  const unread = useNotifications(false, { enabled });
  const open = useUiStore((state) => state.notificationPanelOpen);
  const setOpen = useUiStore((state) => state.setNotificationPanelOpen);
  const count = unread.data?.count ?? 0;
  // Named apart from the sidebar's お知らせ (company notices) by what it says: the unread count.
  const name = count > 0 ? `お知らせ（未読 ${count} 件）` : 'お知らせ（未読なし）';
  return (
    <>
      <Badge
        count={count > 0 ? count : undefined}
        overflowCount={99}
        type="danger"
        className="top-bar__badge"
      >
        <Button
          theme="borderless"
          type="tertiary"
          icon={<IconBell size="large" aria-hidden />}
          aria-label={name}
          aria-haspopup="dialog"
          title={name}
          onClick={() => setOpen(true)}
        />
      </Badge>
      {open ? (
        <Suspense fallback={null}>
          <NotificationPanel />
        </Suspense>
      ) : null}
    </>
  );
}
