import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TTaskStatistics } from '@portal/shared/contracts/account';
import { api } from '@/lib/api-client.ts';
import { queryKeys } from './query-keys.ts';

export const getTaskStatistics = () => api.get<TTaskStatistics>('/account/task/statistics/');

export const taskStatisticsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.account.taskStatistics, queryFn: getTaskStatistics });

export const useTaskStatistics = () => useQuery(taskStatisticsQueryOptions());
