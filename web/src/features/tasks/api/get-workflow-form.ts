import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TWorkflowFormSchema } from '@portal/shared/contracts/tasks';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** The create screen is built from it: a 404 shows the not-found page. */
export const getWorkflowForm = (workflowId: number) =>
  api.get<TWorkflowFormSchema>(`/task/workflows/${workflowId}/form/`, { notFoundPage: true });

export const workflowFormQueryOptions = (workflowId: number) =>
  queryOptions({
    queryKey: queryKeys.taskWorkflows.form(workflowId),
    queryFn: () => getWorkflowForm(workflowId),
  });

export const useWorkflowForm = (workflowId: number, options: { enabled?: boolean } = {}) =>
  useQuery({ ...workflowFormQueryOptions(workflowId), enabled: options.enabled ?? true });
