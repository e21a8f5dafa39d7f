import Button from '@douyinfe/semi-ui/lib/es/button';
import IconCalendar from '@douyinfe/semi-icons/lib/es/icons/IconCalendar';
import IconMenu from '@douyinfe/semi-icons/lib/es/icons/IconMenu';
import { useNavigate } from 'react-router-dom';
import { PAGE_TITLES } from '@/config/page-titles.ts';
import { PATHS } from '@/config/paths.ts';
import { NotificationBell } from '@/features/notifications/components/notification-bell.tsx';
import { useIsMobile } from '@/hooks/use-media-query.ts';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { useSessionStore } from '@/stores/session-store.ts';
import { useUiStore } from '@/stores/ui-store.ts';
import { UserMenu } from './user-menu.tsx';

export function TopBar() {
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const routeTitle = usePageTitle();
  const notFound = useSessionStore((state) => state.serverStatus === 404);
  const openDrawer = useUiStore((state) => state.setNavDrawerOpen);

  return (
    <header className="top-bar">
      {isMobile ? (
        <Button
          theme="borderless"
          type="tertiary"
          icon={<IconMenu size="large" />}
          aria-label="メニュー"
          onClick={() => openDrawer(true)}
        />
      ) : null}
      <h1 className="top-bar__title" data-testid="page-title">
        {notFound ? PAGE_TITLES['*'] : routeTitle}
      </h1>
      <div className="top-bar__actions">
        <Button
          theme="borderless"
          type="tertiary"
          icon={<IconCalendar size="large" />}
          aria-label="会社カレンダー"
          title="会社カレンダー"
          onClick={() => navigate(PATHS.companyCalendar)}
        />
        <NotificationBell />
        <UserMenu />
      </div>
    </header>
  );
}
