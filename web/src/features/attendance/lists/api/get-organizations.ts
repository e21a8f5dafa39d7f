import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TOrganization } from '@portal/shared/contracts/organizations';
import { api } from '@/lib/api-client.ts';

/** The organisations for the list's filter; the same cache entry the shell fills at start. */
export const getOrganizations = () => api.get<TOrganization[]>('/organizations/');

export const organizationsQueryOptions = () =>
  queryOptions({ queryKey: ['organizations'], queryFn: getOrganizations, staleTime: 60 * 60_000 });

export const useOrganizations = () => useQuery(organizationsQueryOptions());
