import { useQuery } from '@tanstack/react-query';
import { queryKeys, TASK_DETAIL_STALE_TIME } from '@/api/query-keys.ts';
import { tasks } from '@portal/shared/endpoints/tasks';
import { api } from '@/lib/api-client.ts';

// The same keys as the task detail page's calls, so the view reads what the page already loaded.
export const useAssetRequest = (taskId: number) =>
  useQuery({
    queryKey: [...queryKeys.tasks.detail(taskId), 'task'],
    staleTime: TASK_DETAIL_STALE_TIME,
    queryFn: () => api.call(tasks.one, { id: taskId }),
  });

export const useAssetRequestFields = (taskId: number, enabled = true) =>
  useQuery({
    queryKey: [...queryKeys.tasks.detail(taskId), 'form'],
    queryFn: () => api.call(tasks.form, { id: taskId }),
    enabled,
  });
