import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { proxies } from '@portal/shared/endpoints/proxies';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** GET account/proxies/?page=N — the caller's proxies and where the caller stands in. */
export const getProxies = (page: number) => api.call(proxies.list, {}, undefined, { query: { page } });

export const proxiesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: queryKeys.proxies.list(page),
    queryFn: () => getProxies(page),
    placeholderData: keepPreviousData,
  });

export const useProxies = (page: number) => useQuery(proxiesQueryOptions(page));
