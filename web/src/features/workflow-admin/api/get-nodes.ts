import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TNodeListQuery } from '@portal/shared/contracts/workflows';
import { workflow } from '@portal/shared/endpoints/workflow';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** GET workflow/nodes/?workflow=ID&page=N */
export const getNodes = (query: TNodeListQuery) => api.call(workflow.listNodes, {}, undefined, { query });

export const nodesQueryOptions = (query: TNodeListQuery) =>
  queryOptions({
    queryKey: queryKeys.nodes.list(query),
    queryFn: () => getNodes(query),
    placeholderData: keepPreviousData,
  });

export const useNodes = (query: TNodeListQuery) => useQuery(nodesQueryOptions(query));
