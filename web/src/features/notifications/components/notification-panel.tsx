import Radio from '@douyinfe/semi-ui/lib/es/radio';
import RadioGroup from '@douyinfe/semi-ui/lib/es/radio/radioGroup';
import { Drawer } from '@/components/drawer.tsx';
import { useIsMobile } from '@/hooks/use-media-query.ts';
import { useUiStore, type NotificationTab } from '@/stores/ui-store.ts';
import { NotificationList } from './notification-list.tsx';

/** The bell's side panel: unread and read lists (spec §2.3, §4.3). Full width on a phone. */
export function NotificationPanel() {
  const isMobile = useIsMobile();
  const open = useUiStore((state) => state.notificationPanelOpen);
  const setOpen = useUiStore((state) => state.setNotificationPanelOpen);
  const tab = useUiStore((state) => state.notificationTab);
  const setTab = useUiStore((state) => state.setNotificationTab);
  const close = () => setOpen(false);

  return (
    <Drawer
      title="お知らせ"
      open={open}
      onClose={close}
      placement="right"
      width={isMobile ? '100%' : 420}
      className="notification-panel"
      testId="notification-panel"
    >
      <RadioGroup
        type="button"
        value={tab}
        onChange={(event) => setTab(event.target.value as NotificationTab)}
        aria-label="未読・既読の切り替え"
        className="notification-panel__toggle"
      >
        <Radio value="unread">未読</Radio>
        <Radio value="read">既読</Radio>
      </RadioGroup>
      {open ? <NotificationList key={tab} isRead={tab === 'read'} onNavigate={close} /> : null}
    </Drawer>
  );
}
