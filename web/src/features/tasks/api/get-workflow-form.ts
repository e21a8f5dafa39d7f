import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys.ts';
import { tasks } from '@portal/shared/endpoints/tasks';
import { api } from '@/lib/api-client.ts';

/** The create screen is built from it: a 404 shows the not-found page. */
export const getWorkflowForm = (workflowId: number) =>
  api.call(tasks.workflowForm, { id: workflowId }, undefined, { notFoundPage: true });

export const workflowFormQueryOptions = (workflowId: number) =>
  queryOptions({
    queryKey: queryKeys.taskWorkflows.form(workflowId),
    queryFn: () => getWorkflowForm(workflowId),
  });

export const useWorkflowForm = (workflowId: number, options: { enabled?: boolean } = {}) =>
  useQuery({ ...workflowFormQueryOptions(workflowId), enabled: options.enabled ?? true });
