import { queryOptions, useQuery } from '@tanstack/react-query';
import { TASK_DETAIL_STALE_TIME, queryKeys } from '@/api/query-keys.ts';
import { tasks } from '@portal/shared/endpoints/tasks';
import { api } from '@/lib/api-client.ts';

export const getUndoInfo = (taskId: number) => api.call(tasks.undoInfo, { id: taskId });

export const undoInfoQueryOptions = (taskId: number) =>
  queryOptions({
    queryKey: [...queryKeys.tasks.detail(taskId), 'undo-info'],
    staleTime: TASK_DETAIL_STALE_TIME,
    queryFn: () => getUndoInfo(taskId),
  });

export const useUndoInfo = (taskId: number, options: { enabled?: boolean } = {}) =>
  useQuery({ ...undoInfoQueryOptions(taskId), enabled: options.enabled ?? true });
