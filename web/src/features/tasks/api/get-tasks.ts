import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TTaskListQuery } from '@portal/shared/contracts/tasks';
import { queryKeys } from '@/api/query-keys.ts';
import { tasks } from '@portal/shared/endpoints/tasks';
import { api } from '@/lib/api-client.ts';
import { queryClient } from '@/lib/query-client.ts';
import { readListQuery } from '../lib/list-query.ts';
import { listFilterOf } from '../lib/paths.ts';

export const getTasks = (query: TTaskListQuery) => api.call(tasks.list, {}, undefined, { query });

export const tasksQueryOptions = (query: TTaskListQuery) =>
  queryOptions({
    queryKey: queryKeys.tasks.list(query),
    queryFn: () => getTasks(query),
    placeholderData: keepPreviousData,
  });

export const useTasks = (query: TTaskListQuery) => useQuery(tasksQueryOptions(query));

/** The list a task-list URL shows, asked for while its screen's code loads (the router's prefetch). */
export function prefetchTaskList(url: URL): void {
  const query = readListQuery(url.searchParams, listFilterOf(url.pathname));
  void queryClient.prefetchQuery(tasksQueryOptions(query));
}
