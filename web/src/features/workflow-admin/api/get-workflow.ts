import { queryOptions, useQuery } from '@tanstack/react-query';
import { workflow } from '@portal/shared/endpoints/workflow';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** GET workflow/workflows/{id}/ — the page is built from it (404 → not-found page). */
export const getWorkflow = (id: number) => api.call(workflow.get, { id }, undefined, { notFoundPage: true });

export const workflowQueryOptions = (id: number) =>
  queryOptions({ queryKey: queryKeys.workflows.detail(id), queryFn: () => getWorkflow(id) });

export const useAdminWorkflow = (id: number, enabled = true) =>
  useQuery({ ...workflowQueryOptions(id), enabled });
