import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TPage } from '@portal/shared/contracts/pagination';
import type { TWorkflowListQuery, TWorkflowSummary } from '@portal/shared/contracts/workflows';
import { api } from '@/lib/api-client.ts';
import { WORKFLOWS_KEY } from './keys.ts';

/** GET workflow/workflows/?page=N&query=… */
export const getWorkflows = (query: TWorkflowListQuery) =>
  api.get<TPage<TWorkflowSummary>>('/workflow/workflows/', { query: { ...query } });

export const workflowsQueryOptions = (query: TWorkflowListQuery) =>
  queryOptions({
    queryKey: [...WORKFLOWS_KEY, 'list', query],
    queryFn: () => getWorkflows(query),
    placeholderData: keepPreviousData,
  });

export const useAdminWorkflows = (query: TWorkflowListQuery) => useQuery(workflowsQueryOptions(query));
