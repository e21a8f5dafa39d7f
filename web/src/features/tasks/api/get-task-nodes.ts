import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTaskNode } from '@portal/shared/contracts/tasks';
import { TASK_DETAIL_STALE_TIME, queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

export const getTaskNodes = (taskId: number) => api.get<TTaskNode[]>(`/task/tasks/${taskId}/nodes/`);

export const taskNodesQueryOptions = (taskId: number) =>
  queryOptions({
    queryKey: [...queryKeys.tasks.detail(taskId), 'nodes'],
    staleTime: TASK_DETAIL_STALE_TIME,
    queryFn: () => getTaskNodes(taskId),
  });

export const useTaskNodes = (taskId: number) => useQuery(taskNodesQueryOptions(taskId));
