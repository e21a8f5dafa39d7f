import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { notices } from '@portal/shared/endpoints/notices';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** GET notices/?page=N(&unread=1) — the notices addressed to the caller, pinned and 重要 first. */
export const getNotices = (page: number, unread: boolean) =>
  api.call(notices.list, {}, undefined, { query: { page, ...(unread ? { unread: '1' as const } : {}) } });

export const noticesQueryOptions = (page: number, unread: boolean) =>
  queryOptions({
    queryKey: queryKeys.notices.list(page, unread),
    queryFn: () => getNotices(page, unread),
    placeholderData: keepPreviousData,
  });

export const useNotices = (page: number, unread: boolean) => useQuery(noticesQueryOptions(page, unread));
