import { queryOptions, useQuery } from '@tanstack/react-query';
import { manual } from '@portal/shared/endpoints/manual';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** GET manual/ — the chapters and their pages in order. */
export const getManualContents = () => api.call(manual.contents, {});

export const manualContentsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.manual.contents, queryFn: getManualContents });

export const useManualContents = () => useQuery(manualContentsQueryOptions());
