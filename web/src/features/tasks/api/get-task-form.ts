import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys.ts';
import { tasks } from '@portal/shared/endpoints/tasks';
import { api } from '@/lib/api-client.ts';

export const getTaskForm = (taskId: number) => api.call(tasks.form, { id: taskId });

export const taskFormQueryOptions = (taskId: number) =>
  queryOptions({ queryKey: [...queryKeys.tasks.detail(taskId), 'form'], queryFn: () => getTaskForm(taskId) });

export const useTaskForm = (taskId: number, options: { enabled?: boolean } = {}) =>
  useQuery({ ...taskFormQueryOptions(taskId), enabled: options.enabled ?? true });
