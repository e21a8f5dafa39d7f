import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TPage } from '@portal/shared/contracts/pagination';
import type { TWorkflowListQuery, TWorkflowSummary } from '@portal/shared/contracts/workflows';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** GET workflow/workflows/?page=N&query=… */
export const getWorkflows = (query: TWorkflowListQuery) =>
  api.get<TPage<TWorkflowSummary>>('/workflow/workflows/', { query: { ...query } });

export const workflowsQueryOptions = (query: TWorkflowListQuery) =>
  queryOptions({
    queryKey: queryKeys.workflows.list(query),
    queryFn: () => getWorkflows(query),
    placeholderData: keepPreviousData,
  });

export const useAdminWorkflows = (query: TWorkflowListQuery) => useQuery(workflowsQueryOptions(query));
