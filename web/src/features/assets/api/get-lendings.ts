import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys.ts';
import { assets } from '@portal/shared/endpoints/assets';
import { api } from '@/lib/api-client.ts';

export interface LendingFilters {
  readonly page: number;
  readonly status?: string;
  readonly asset_type?: string;
}

/** GET assets/lend/: one's own lendings, or everyone's with assets.view_asset; 10 a page. */
export const getLendings = (filters: LendingFilters) => {
  const query: Record<string, string> = { page: String(filters.page) };
  if (filters.status) query.status = filters.status;
  if (filters.asset_type) query.asset_type = filters.asset_type;
  return api.call(assets.lendings, {}, undefined, { query });
};

export const lendingsQueryOptions = (filters: LendingFilters) =>
  queryOptions({
    queryKey: queryKeys.assets.lendings(filters),
    queryFn: () => getLendings(filters),
    placeholderData: keepPreviousData,
  });

export const useLendings = (filters: LendingFilters) => useQuery(lendingsQueryOptions(filters));
