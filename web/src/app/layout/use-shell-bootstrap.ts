import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys.ts';
import { organizationsQueryOptions } from '@/api/get-organizations.ts';
import { useMe } from '@/features/auth/api/get-me.ts';
import { registerPushDevice } from '@/features/auth/api/register-push-device.ts';
import { hasPushTokenProvider, registerPushToken } from '@/lib/push-token.ts';

/**
 * The shell's load order (spec §2.3): the current user first, then the push token; only then the
 * shell renders, and its parts fetch statistics, notifications and company info. Organizations
 * are fetched here so the org chart and pickers find them cached. Where no bridge gives a push token
 * (a browser) there is no second step, and the shell renders with the user, a render sooner.
 */
export function useShellBootstrap() {
  const me = useMe();
  const userId = me.data?.me.id;
  const withPush = hasPushTokenProvider();
  const push = useQuery({
    queryKey: queryKeys.pushRegistration(userId),
    queryFn: () => (userId === undefined ? false : registerPushToken(userId, registerPushDevice)),
    enabled: userId !== undefined && withPush,
    staleTime: Infinity,
    retry: false,
  });
  const ready = me.isSuccess && (!withPush || push.isSuccess || push.isError);
  useQuery({ ...organizationsQueryOptions(), enabled: ready });
  return { me, ready };
}
