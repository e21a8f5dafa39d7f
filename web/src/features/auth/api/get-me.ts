import { queryOptions, useQuery } from '@tanstack/react-query';
import { account } from '@portal/shared/endpoints/account';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';
import { isApiError } from '@/lib/api-error.ts';
import { formErrorMessage } from '@/lib/error-messages.ts';
import { useSessionStore } from '@/stores/session-store.ts';

export const getMe = () => api.call(account.me, {});

/**
 * The signed-in user. The answer also becomes the session's user state; any failure other than
 * an expired session turns the shell into the server-error page (spec §4.1).
 */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.account.me,
    queryFn: async () => {
      const session = useSessionStore.getState();
      try {
        const user = await getMe();
        session.setUser(user);
        return user;
      } catch (error) {
        if (!isApiError(error, 401)) session.setServerStatus(500, formErrorMessage(error));
        throw error;
      }
    },
    staleTime: 5 * 60_000,
    retry: false,
  });

export const useMe = () => useQuery(meQueryOptions());
