import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTaskFormField } from '@portal/shared/contracts/tasks';
import { api } from '@/lib/api-client.ts';
import { taskDetailKey } from './keys.ts';

export const getTaskForm = (taskId: number) => api.get<TTaskFormField[]>(`/task/tasks/${taskId}/form/`);

export const taskFormQueryOptions = (taskId: number) =>
  queryOptions({ queryKey: [...taskDetailKey(taskId), 'form'], queryFn: () => getTaskForm(taskId) });

export const useTaskForm = (taskId: number, options: { enabled?: boolean } = {}) =>
  useQuery({ ...taskFormQueryOptions(taskId), enabled: options.enabled ?? true });
