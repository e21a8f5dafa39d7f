import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TWorkflowFormSchema } from '@portal/shared/contracts/tasks';
import { api } from '@/lib/api-client.ts';

/** The create screen is built from it: a 404 shows the not-found page. */
export const getWorkflowForm = (workflowId: number) =>
  api.get<TWorkflowFormSchema>(`/task/workflows/${workflowId}/form/`, { notFoundPage: true });

export const workflowFormQueryOptions = (workflowId: number) =>
  queryOptions({
    queryKey: ['task-workflows', workflowId, 'form'],
    queryFn: () => getWorkflowForm(workflowId),
  });

export const useWorkflowForm = (workflowId: number, options: { enabled?: boolean } = {}) =>
  useQuery({ ...workflowFormQueryOptions(workflowId), enabled: options.enabled ?? true });
