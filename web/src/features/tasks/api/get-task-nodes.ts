import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTaskNode } from '@portal/shared/contracts/tasks';
import { api } from '@/lib/api-client.ts';
import { TASK_DETAIL_STALE_TIME, taskDetailKey } from './keys.ts';

export const getTaskNodes = (taskId: number) => api.get<TTaskNode[]>(`/task/tasks/${taskId}/nodes/`);

export const taskNodesQueryOptions = (taskId: number) =>
  queryOptions({
    queryKey: [...taskDetailKey(taskId), 'nodes'],
    staleTime: TASK_DETAIL_STALE_TIME,
    queryFn: () => getTaskNodes(taskId),
  });

export const useTaskNodes = (taskId: number) => useQuery(taskNodesQueryOptions(taskId));
