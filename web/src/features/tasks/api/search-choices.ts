import { queryOptions, useQuery } from '@tanstack/react-query';
import { MULTI_SELECT } from '@portal/shared/limits';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** An autocomplete field's options: its `data_source` (a path under /api/) asked with `?query=`. */
export const searchChoices = async (dataSource: string, query: string) => {
  const choices = await api.choices(dataSource, query);
  return choices.slice(0, MULTI_SELECT.maxOptions);
};

export const choicesQueryOptions = (dataSource: string, query: string) =>
  queryOptions({
    queryKey: queryKeys.choices(dataSource, query),
    queryFn: () => searchChoices(dataSource, query),
    staleTime: 60_000,
  });

export const useChoices = (dataSource: string | null, query: string, enabled: boolean) =>
  useQuery({ ...choicesQueryOptions(dataSource ?? '', query), enabled: enabled && dataSource !== null });
