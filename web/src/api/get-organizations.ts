import { queryOptions, useQuery } from '@tanstack/react-query';
import { organizations } from '@portal/shared/endpoints/organizations';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from './query-keys.ts';

/** Every organisation: the shell fills this cache entry at start; lists and the chart read it. */
export const getOrganizations = () => api.call(organizations.list, {});

export const organizationsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.organizations, queryFn: getOrganizations, staleTime: 60 * 60_000 });

export const useOrganizations = () => useQuery(organizationsQueryOptions());
