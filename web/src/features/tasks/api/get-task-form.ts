import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTaskFormField } from '@portal/shared/contracts/tasks';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

export const getTaskForm = (taskId: number) => api.get<TTaskFormField[]>(`/task/tasks/${taskId}/form/`);

export const taskFormQueryOptions = (taskId: number) =>
  queryOptions({ queryKey: [...queryKeys.tasks.detail(taskId), 'form'], queryFn: () => getTaskForm(taskId) });

export const useTaskForm = (taskId: number, options: { enabled?: boolean } = {}) =>
  useQuery({ ...taskFormQueryOptions(taskId), enabled: options.enabled ?? true });
