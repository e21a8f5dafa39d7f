import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { manual } from '@portal/shared/endpoints/manual';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** GET manual/search/?query= — pages whose title or body holds the words, after width and kana folding. */
export const searchManual = (query: string) => api.call(manual.search, {}, undefined, { query: { query } });

export const manualSearchQueryOptions = (query: string) =>
  queryOptions({ queryKey: queryKeys.manual.search(query), queryFn: () => searchManual(query) });

/** Off while the box is empty. */
export const useManualSearch = (query: string) =>
  useQuery({ ...manualSearchQueryOptions(query), enabled: query !== '', placeholderData: keepPreviousData });
