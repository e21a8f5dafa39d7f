import { queryOptions, useQuery } from '@tanstack/react-query';
import { TASK_DETAIL_STALE_TIME, queryKeys } from '@/api/query-keys.ts';
import { tasks } from '@portal/shared/endpoints/tasks';
import { api } from '@/lib/api-client.ts';

/** The call the detail page is built from: a 404 shows the not-found page. */
export const getTask = (taskId: number) =>
  api.call(tasks.one, { id: taskId }, undefined, { notFoundPage: true });

export const taskQueryOptions = (taskId: number) =>
  queryOptions({
    queryKey: [...queryKeys.tasks.detail(taskId), 'task'],
    staleTime: TASK_DETAIL_STALE_TIME,
    queryFn: () => getTask(taskId),
  });

export const useTask = (taskId: number) => useQuery(taskQueryOptions(taskId));
