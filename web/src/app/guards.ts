import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { loginUrl } from '@/lib/safe-next.ts';
import { hasAccessToken, useSessionStore } from '@/stores/session-store.ts';

/** Every navigation starts from a clean server status (spec §2.2). */
export function resetServerStatus() {
  useSessionStore.getState().setServerStatus(200);
  return null;
}

/** Login-required routes send a visitor without a token to sign in, remembering where to (spec §2.2). */
export function requireAuth({ request }: LoaderFunctionArgs) {
  if (hasAccessToken()) return null;
  const { pathname, search } = new URL(request.url);
  throw redirect(loginUrl(`${pathname}${search}`));
}

/** Loaders run on every navigation, not only when a route's params change. */
export const alwaysRevalidate = () => true;
