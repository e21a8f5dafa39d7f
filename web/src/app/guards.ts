import { data, redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { hasPerm } from '@portal/shared/permissions';
import type { RequiredPermission } from '@/config/route-permissions.ts';
import { meQueryOptions } from '@/features/auth/api/get-me.ts';
import { queryClient } from '@/lib/query-client.ts';
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

/** The status a route guard refuses with; RouteError shows it as the 権限がありません page. */
export const FORBIDDEN_STATUS = 403;

/**
 * A screen's permission (spec §6, config/route-permissions.ts): without it the route answers 403,
 * which the route's ErrorBoundary shows as the one refusal page inside the shell, before the screen
 * asks the server for anything. The user is the shell's (the same cached query). Without a token,
 * or when the user cannot be read, the guard lets the shell show why (sign-in, server error).
 */
export function requirePermission(required: RequiredPermission) {
  return async () => {
    if (!hasAccessToken()) return null;
    let user;
    try {
      user = await queryClient.ensureQueryData(meQueryOptions());
    } catch {
      return null;
    }
    if (!hasPerm({ is_superuser: user.me.is_superuser, perms: user.perms }, required)) {
      throw data(null, { status: FORBIDDEN_STATUS });
    }
    return null;
  };
}
