import { queryOptions, useQuery } from '@tanstack/react-query';
import { account } from '@portal/shared/endpoints/account';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from './query-keys.ts';

export const getTaskStatistics = () => api.call(account.taskStatistics, {});

export const taskStatisticsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.account.taskStatistics, queryFn: getTaskStatistics });

export const useTaskStatistics = () => useQuery(taskStatisticsQueryOptions());
