import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys.ts';
import { tasks } from '@portal/shared/endpoints/tasks';
import { api } from '@/lib/api-client.ts';

/** The workflows the user may apply for (procedures screen, list filters). */
export const getWorkflows = () => api.call(tasks.workflows, {});

export const workflowsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.taskWorkflows.all, queryFn: getWorkflows, staleTime: 5 * 60_000 });

export const useWorkflows = () => useQuery(workflowsQueryOptions());
