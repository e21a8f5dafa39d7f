import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUndoInfo } from '@portal/shared/contracts/tasks';
import { api } from '@/lib/api-client.ts';
import { TASK_DETAIL_STALE_TIME, taskDetailKey } from './keys.ts';

export const getUndoInfo = (taskId: number) => api.get<TUndoInfo>(`/task/tasks/${taskId}/undo-info/`);

export const undoInfoQueryOptions = (taskId: number) =>
  queryOptions({
    queryKey: [...taskDetailKey(taskId), 'undo-info'],
    staleTime: TASK_DETAIL_STALE_TIME,
    queryFn: () => getUndoInfo(taskId),
  });

export const useUndoInfo = (taskId: number, options: { enabled?: boolean } = {}) =>
  useQuery({ ...undoInfoQueryOptions(taskId), enabled: options.enabled ?? true });
