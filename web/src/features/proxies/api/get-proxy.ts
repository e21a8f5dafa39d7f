import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProxy } from '@portal/shared/contracts/proxies';
import { api } from '@/lib/api-client.ts';
import { PROXIES_KEY } from './keys.ts';

/** GET account/proxies/{id}/ — the page is built from it, so a 404 shows the not-found page. */
export const getProxy = (id: number) => api.get<TProxy>(`/account/proxies/${id}/`, { notFoundPage: true });

export const proxyQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...PROXIES_KEY, 'detail', id], queryFn: () => getProxy(id) });

export const useProxy = (id: number) => useQuery(proxyQueryOptions(id));
