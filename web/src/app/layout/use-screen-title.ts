import { PAGE_TITLES, PASSWORD_CHANGE_TITLE } from '@/config/page-titles.ts';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { useSessionStore } from '@/stores/session-store.ts';

/**
 * The title of what the screen shows, for the top bar, the announcer and the browser tab: the
 * route's, unless the shell shows something else in its place (the server's 404, or the change of
 * password an administrator's reset requires, whatever the address).
 */
export function useScreenTitle(): string {
  const routeTitle = usePageTitle();
  const notFound = useSessionStore((state) => state.serverStatus === 404);
  const mustChangePassword = useSessionStore((state) => state.user?.me.must_change_password === true);
  if (mustChangePassword) return PASSWORD_CHANGE_TITLE;
  if (notFound) return PAGE_TITLES['*'];
  return routeTitle;
}
