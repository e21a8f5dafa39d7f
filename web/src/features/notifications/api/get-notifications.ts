import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { notifications } from '@portal/shared/endpoints/notifications';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

export const getNotifications = ({ isRead, page }: { isRead: boolean; page: number }) =>
  api.call(notifications.list, {}, undefined, { query: { is_read: isRead, page } });

/** One page of the unread or read list; page 1 of the unread list also gives the bell its count. */
export const notificationsQueryOptions = (isRead: boolean, page = 1) =>
  queryOptions({
    queryKey: queryKeys.notifications.page(isRead, page),
    queryFn: () => getNotifications({ isRead, page }),
    refetchInterval: 2 * 60_000,
  });

export const useNotifications = (isRead: boolean, options: { enabled?: boolean } = {}) =>
  useQuery({ ...notificationsQueryOptions(isRead), enabled: options.enabled ?? true });

/** The side panel's list, which loads further pages on request. */
export const notificationListQueryOptions = (isRead: boolean) =>
  infiniteQueryOptions({
    queryKey: queryKeys.notifications.list(isRead),
    queryFn: ({ pageParam }) => getNotifications({ isRead, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastPage) => (last.next ? lastPage + 1 : undefined),
  });

export const useNotificationList = (isRead: boolean, options: { enabled?: boolean } = {}) =>
  useInfiniteQuery({ ...notificationListQueryOptions(isRead), enabled: options.enabled ?? true });
