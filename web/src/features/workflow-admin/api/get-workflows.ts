import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TWorkflowListQuery } from '@portal/shared/contracts/workflows';
import { workflow } from '@portal/shared/endpoints/workflow';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** GET workflow/workflows/?page=N&query=… */
export const getWorkflows = (query: TWorkflowListQuery) => api.call(workflow.list, {}, undefined, { query });

export const workflowsQueryOptions = (query: TWorkflowListQuery) =>
  queryOptions({
    queryKey: queryKeys.workflows.list(query),
    queryFn: () => getWorkflows(query),
    placeholderData: keepPreviousData,
  });

export const useAdminWorkflows = (query: TWorkflowListQuery) => useQuery(workflowsQueryOptions(query));
