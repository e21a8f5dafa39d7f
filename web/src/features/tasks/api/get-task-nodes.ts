import { queryOptions, useQuery } from '@tanstack/react-query';
import { TASK_DETAIL_STALE_TIME, queryKeys } from '@/api/query-keys.ts';
import { tasks } from '@portal/shared/endpoints/tasks';
import { api } from '@/lib/api-client.ts';

export const getTaskNodes = (taskId: number) => api.call(tasks.nodes, { id: taskId });

export const taskNodesQueryOptions = (taskId: number) =>
  queryOptions({
    queryKey: [...queryKeys.tasks.detail(taskId), 'nodes'],
    staleTime: TASK_DETAIL_STALE_TIME,
    queryFn: () => getTaskNodes(taskId),
  });

export const useTaskNodes = (taskId: number) => useQuery(taskNodesQueryOptions(taskId));
