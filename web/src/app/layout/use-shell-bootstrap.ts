import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys.ts';
import { organizationsQueryOptions } from '@/api/get-organizations.ts';
import { useMe } from '@/features/auth/api/get-me.ts';
import { registerPushDevice } from '@/features/auth/api/register-push-device.ts';
import { registerPushToken } from '@/lib/push-token.ts';

/**
 * The shell's load order (spec §2.3): the current user first, then the push token; only then the
 * shell renders, and its parts fetch statistics, notifications and company info. Organizations
 * are fetched here so the org chart and pickers find them cached.
 */
export function useShellBootstrap() {
  const me = useMe();
  const userId = me.data?.me.id;
  const push = useQuery({
    queryKey: queryKeys.pushRegistration(userId),
    queryFn: () => (userId === undefined ? false : registerPushToken(userId, registerPushDevice)),
    enabled: userId !== undefined,
    staleTime: Infinity,
    retry: false,
  });
  const ready = me.isSuccess && (push.isSuccess || push.isError);
  useQuery({ ...organizationsQueryOptions(), enabled: ready });
  return { me, ready };
}
