import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TPage } from '@portal/shared/contracts/pagination';
import type { TNode, TNodeListQuery } from '@portal/shared/contracts/workflows';
import { api } from '@/lib/api-client.ts';
import { NODES_KEY } from './keys.ts';

/** GET workflow/nodes/?workflow=ID&page=N */
export const getNodes = (query: TNodeListQuery) =>
  api.get<TPage<TNode>>('/workflow/nodes/', { query: { ...query } });

export const nodesQueryOptions = (query: TNodeListQuery) =>
  queryOptions({
    queryKey: [...NODES_KEY, 'list', query],
    queryFn: () => getNodes(query),
    placeholderData: keepPreviousData,
  });

export const useNodes = (query: TNodeListQuery) => useQuery(nodesQueryOptions(query));
