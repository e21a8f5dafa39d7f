import { queryOptions, useQuery } from '@tanstack/react-query';
import { auth } from '@portal/shared/endpoints/auth';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

export const getAuthMethods = () => api.call(auth.methods, {}, undefined, { auth: false });

export const authMethodsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.authMethods, queryFn: getAuthMethods, staleTime: 5 * 60_000 });

export const useAuthMethods = () => useQuery(authMethodsQueryOptions());
