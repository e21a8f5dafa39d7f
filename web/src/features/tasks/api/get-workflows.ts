import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TApplicableWorkflow } from '@portal/shared/contracts/tasks';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** The workflows the user may apply for (procedures screen, list filters). */
export const getWorkflows = () => api.get<TApplicableWorkflow[]>('/task/workflows/');

export const workflowsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.taskWorkflows.all, queryFn: getWorkflows, staleTime: 5 * 60_000 });

export const useWorkflows = () => useQuery(workflowsQueryOptions());
