import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TPage } from '@portal/shared/contracts/pagination';
import type { TNode, TNodeListQuery } from '@portal/shared/contracts/workflows';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** GET workflow/nodes/?workflow=ID&page=N */
export const getNodes = (query: TNodeListQuery) =>
  api.get<TPage<TNode>>('/workflow/nodes/', { query: { ...query } });

export const nodesQueryOptions = (query: TNodeListQuery) =>
  queryOptions({
    queryKey: queryKeys.nodes.list(query),
    queryFn: () => getNodes(query),
    placeholderData: keepPreviousData,
  });

export const useNodes = (query: TNodeListQuery) => useQuery(nodesQueryOptions(query));
