import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TPage } from '@portal/shared/contracts/pagination';
import type { TProxy } from '@portal/shared/contracts/proxies';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** GET account/proxies/?page=N — the caller's proxies and where the caller stands in. */
export const getProxies = (page: number) => api.get<TPage<TProxy>>('/account/proxies/', { query: { page } });

export const proxiesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: queryKeys.proxies.list(page),
    queryFn: () => getProxies(page),
    placeholderData: keepPreviousData,
  });

export const useProxies = (page: number) => useQuery(proxiesQueryOptions(page));
