import Button from '@douyinfe/semi-ui/lib/es/button';
import IconCalendar from '@douyinfe/semi-icons/lib/es/icons/IconCalendar';
import IconMenu from '@douyinfe/semi-icons/lib/es/icons/IconMenu';
import { useNavigate } from 'react-router-dom';
import { useStatistics } from '@/api/get-statistics.ts';
import { PATHS } from '@/config/paths.ts';
import { NotificationBell } from '@/features/notifications/components/notification-bell.tsx';
import { useIsMobile } from '@/hooks/use-media-query.ts';
import { useStickyInset } from '@/hooks/use-sticky-inset.ts';
import { useUiStore } from '@/stores/ui-store.ts';
import { PAGE_HEADING_ID } from './route-announcer.tsx';
import { useScreenTitle } from './use-screen-title.ts';
import { UserMenu } from './user-menu.tsx';

export function TopBar() {
  const navigate = useNavigate();
  const isMobile = useIsMobile();
  const title = useScreenTitle();
  const openDrawer = useUiStore((state) => state.setNavDrawerOpen);
  // On a phone the sidebar's counts are out of sight: the menu button says requests await the user.
  const statistics = useStatistics({ enabled: isMobile });
  const awaiting = statistics.data?.approval_tasks ?? 0;
  const reserveTop = useStickyInset('top');

  return (
    <header className="top-bar" ref={reserveTop}>
      {isMobile ? (
        <span className="top-bar__menu">
          <Button
            theme="borderless"
            type="tertiary"
            icon={<IconMenu size="large" aria-hidden />}
            aria-label="メニュー"
            aria-describedby={awaiting > 0 ? 'menu-awaiting' : undefined}
            aria-haspopup="dialog"
            onClick={() => openDrawer(true)}
          />
          {awaiting > 0 ? (
            <span className="count-badge top-bar__menu-badge" data-testid="menu-badge">
              <span aria-hidden="true">{awaiting > 99 ? '99+' : awaiting}</span>
              <span className="visually-hidden" id="menu-awaiting">
                承認待ち {awaiting} 件
              </span>
            </span>
          ) : null}
        </span>
      ) : null}
      <h1 className="top-bar__title" id={PAGE_HEADING_ID} data-testid="page-title" tabIndex={-1}>
        {title}
      </h1>
      <div className="top-bar__actions">
        <Button
          theme="borderless"
          type="tertiary"
          icon={<IconCalendar size="large" aria-hidden />}
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
