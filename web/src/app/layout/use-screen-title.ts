import { PAGE_TITLES, PASSWORD_CHANGE_TITLE } from '@/config/page-titles.ts';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { useScreenTitleStore } from '@/stores/screen-title-store.ts';
import { useSessionStore } from '@/stores/session-store.ts';

/**
 * The title of what the screen shows, for the top bar, the announcer and the browser tab: the
 * route's, or the screen's own where it names itself (the console's 社員, 社員を追加, a person's
 * name: useOwnScreenTitle), unless the shell shows something else in its place (the server's 404,
 * or the change of password an administrator's reset requires, whatever the address).
 */
export function useScreenTitle(): string {
  const routeTitle = usePageTitle();
  const ownTitle = useScreenTitleStore((state) => state.own);
  const notFound = useSessionStore((state) => state.serverStatus === 404);
  const mustChangePassword = useSessionStore((state) => state.user?.me.must_change_password === true);
  if (mustChangePassword) return PASSWORD_CHANGE_TITLE;
  if (notFound) return PAGE_TITLES['*'];
  return ownTitle ?? routeTitle;
}
