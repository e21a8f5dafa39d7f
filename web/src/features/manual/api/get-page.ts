import { queryOptions, useQuery } from '@tanstack/react-query';
import { manual } from '@portal/shared/endpoints/manual';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** GET manual/pages/{id}/ — the screen is built from it, so a 404 shows the not-found page. */
export const getManualPage = (id: number) => api.call(manual.page, { id }, undefined, { notFoundPage: true });

export const manualPageQueryOptions = (id: number) =>
  queryOptions({ queryKey: queryKeys.manual.page(id), queryFn: () => getManualPage(id) });

export const useManualPage = (id: number) => useQuery({ ...manualPageQueryOptions(id), enabled: id > 0 });
