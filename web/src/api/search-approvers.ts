import { queryOptions, useQuery } from '@tanstack/react-query';
import { proxies } from '@portal/shared/endpoints/proxies';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from './query-keys.ts';

/** GET approvers/choice/?query= — the users who may be named as an approver or a proxy. */
export const searchApprovers = (query: string) =>
  api.call(proxies.approverChoices, {}, undefined, { query: { query: query || undefined } });

export const approversQueryOptions = (query: string) =>
  queryOptions({
    queryKey: queryKeys.approverChoices(query),
    queryFn: () => searchApprovers(query),
    staleTime: 60_000,
  });

export const useApprovers = (query: string) => useQuery(approversQueryOptions(query));
