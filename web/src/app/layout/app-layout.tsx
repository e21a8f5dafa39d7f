import { lazy, Suspense } from 'react';
import { Outlet, useNavigation } from 'react-router-dom';
import { Drawer } from '@/components/drawer.tsx';
import { Loading } from '@/components/query-state.tsx';
import { NotFound } from '@/components/errors/not-found.tsx';
import { ServerError } from '@/components/errors/server-error.tsx';
import { FullPageSpinner } from '@/components/full-page-spinner.tsx';
import { APP_NAME } from '@/config/page-titles.ts';
import { useIsMobile } from '@/hooks/use-media-query.ts';
import { isApiError } from '@/lib/api-error.ts';
import { formErrorMessage } from '@/lib/error-messages.ts';
import { useSessionStore } from '@/stores/session-store.ts';
import { useUiStore } from '@/stores/ui-store.ts';
import { Footer } from './footer.tsx';
import { RouteAnnouncer } from './route-announcer.tsx';
import { SemiLocale } from './semi-locale.tsx';
import { Sidebar } from './sidebar.tsx';
import { TopBar } from './top-bar.tsx';
import { useShellBootstrap } from './use-shell-bootstrap.ts';
import './app-layout.css';

/** The signed-in shell (route 'root'): sidebar, top bar, page, footer (spec §2.3). */
export default function AppLayout() {
  const { me, ready } = useShellBootstrap();
  const user = useSessionStore((state) => state.user);

  if (me.isError) {
    // An expired session is already on its way to the sign-in page.
    if (isApiError(me.error, 401)) return <FullPageSpinner />;
    return <ServerError message={formErrorMessage(me.error)} onRetry={() => void me.refetch()} />;
  }
  if (!ready || !user) return <FullPageSpinner tip="読み込み中..." />;
  return (
    <SemiLocale>
      <Shell />
    </SemiLocale>
  );
}

function Shell() {
  const isMobile = useIsMobile();
  const drawerOpen = useUiStore((state) => state.navDrawerOpen);
  const setDrawerOpen = useUiStore((state) => state.setNavDrawerOpen);
  const navigation = useNavigation();

  return (
    <div className="shell">
      <a className="skip-link" href="#main-content">
        本文へ移動
      </a>
      {isMobile ? (
        <Drawer
          placement="left"
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          width={280}
          title={APP_NAME}
          className="shell__drawer"
        >
          <Sidebar onNavigate={() => setDrawerOpen(false)} withEmployeeMenu />
        </Drawer>
      ) : (
        <aside className="shell__sider">
          <div className="shell__sider-inner">
            <div className="shell__brand">{APP_NAME}</div>
            <Sidebar />
          </div>
        </aside>
      )}
      <div className="shell__main">
        <TopBar />
        <RouteAnnouncer />
        {navigation.state === 'loading' ? (
          <div className="nav-progress" role="progressbar" aria-label="読み込み中" />
        ) : null}
        <main className="shell__content" id="main-content" tabIndex={-1}>
          <PageOrStatus />
        </main>
        <Footer />
      </div>
    </div>
  );
}

/** After an administrator's password reset, nothing but the change of password (issue 14). */
const PasswordChange = lazy(() => import('@/features/password/password-change.tsx'));

/** A page-level 404 or 500 from the server replaces the page (spec §2.3). */
function PageOrStatus() {
  const status = useSessionStore((state) => state.serverStatus);
  const message = useSessionStore((state) => state.serverMessage);
  const mustChangePassword = useSessionStore((state) => state.user?.me.must_change_password === true);
  if (mustChangePassword)
    return (
      <Suspense fallback={<Loading />}>
        <PasswordChange />
      </Suspense>
    );
  if (status === 404) return <NotFound message={message} />;
  if (status >= 500) return <ServerError message={message} />;
  return <Outlet />;
}
