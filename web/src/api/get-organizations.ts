import { queryOptions, useQuery } from '@tanstack/react-query';
import { organizations } from '@portal/shared/endpoints/organizations';
import { api } from '@/lib/api-client.ts';
import { queryClient } from '@/lib/query-client.ts';
import { queryKeys } from './query-keys.ts';

/** Every organisation: the shell fills this cache entry at start; lists and the chart read it. */
export const getOrganizations = () => api.call(organizations.list, {});

export const organizationsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.organizations, queryFn: getOrganizations, staleTime: 60 * 60_000 });

export const useOrganizations = () => useQuery(organizationsQueryOptions());

/**
 * The chart's route asks as soon as it is matched, alongside its code: the shell's own request waits
 * for its first render, a round trip or two later on a phone.
 */
export function prefetchOrganizations(): void {
  void queryClient.prefetchQuery(organizationsQueryOptions());
}
