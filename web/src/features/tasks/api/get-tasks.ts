import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TTaskListItem, TTaskListQuery } from '@portal/shared/contracts/tasks';
import type { TPage } from '@portal/shared/contracts/pagination';
import { api } from '@/lib/api-client.ts';
import { TASKS_KEY } from './keys.ts';

export const getTasks = (query: TTaskListQuery) =>
  api.get<TPage<TTaskListItem>>('/task/tasks/', { query: { ...query } });

export const tasksQueryOptions = (query: TTaskListQuery) =>
  queryOptions({
    queryKey: [...TASKS_KEY, 'list', query],
    queryFn: () => getTasks(query),
    placeholderData: keepPreviousData,
  });

export const useTasks = (query: TTaskListQuery) => useQuery(tasksQueryOptions(query));
