import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TWorkflow } from '@portal/shared/contracts/workflows';
import { api } from '@/lib/api-client.ts';
import { WORKFLOWS_KEY } from './keys.ts';

/** GET workflow/workflows/{id}/ — the page is built from it (404 → not-found page). */
export const getWorkflow = (id: number) =>
  api.get<TWorkflow>(`/workflow/workflows/${id}/`, { notFoundPage: true });

export const workflowQueryOptions = (id: number) =>
  queryOptions({ queryKey: [...WORKFLOWS_KEY, 'detail', id], queryFn: () => getWorkflow(id) });

export const useAdminWorkflow = (id: number, enabled = true) =>
  useQuery({ ...workflowQueryOptions(id), enabled });
