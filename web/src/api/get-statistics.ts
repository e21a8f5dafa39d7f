import { queryOptions, useQuery } from '@tanstack/react-query';
import { account } from '@portal/shared/endpoints/account';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from './query-keys.ts';

export const getStatistics = () => api.call(account.statistics, {});

/** The sidebar badges: pending requests and requests awaiting my approval. */
export const statisticsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.account.statistics,
    queryFn: getStatistics,
    refetchInterval: 5 * 60_000,
  });

export const useStatistics = (options: { enabled?: boolean } = {}) =>
  useQuery({ ...statisticsQueryOptions(), enabled: options.enabled ?? true });
