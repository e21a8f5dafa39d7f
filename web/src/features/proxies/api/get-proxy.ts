import { queryOptions, useQuery } from '@tanstack/react-query';
import { proxies } from '@portal/shared/endpoints/proxies';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** GET account/proxies/{id}/ — the page is built from it, so a 404 shows the not-found page. */
export const getProxy = (id: number) => api.call(proxies.get, { id }, undefined, { notFoundPage: true });

export const proxyQueryOptions = (id: number) =>
  queryOptions({ queryKey: queryKeys.proxies.detail(id), queryFn: () => getProxy(id) });

export const useProxy = (id: number) => useQuery(proxyQueryOptions(id));
