import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TAuthMethods } from '@portal/shared/contracts/auth';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

export const getAuthMethods = () => api.get<TAuthMethods>('/auth/methods/', { auth: false });

export const authMethodsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.authMethods, queryFn: getAuthMethods, staleTime: 5 * 60_000 });

export const useAuthMethods = () => useQuery(authMethodsQueryOptions());
