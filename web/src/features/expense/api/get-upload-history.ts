import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TUploadHistoryQuery } from '@portal/shared/contracts/uploads';
import { slips } from '@portal/shared/endpoints/slips';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** GET expense/upload-history/?kind=&year=&state=&page=: the uploads, newest first, 10 a page. */
export const getUploadHistory = (query: TUploadHistoryQuery) =>
  api.call(slips.uploadHistory, {}, undefined, { query });

export const useUploadHistory = (query: TUploadHistoryQuery) =>
  useQuery(
    queryOptions({
      queryKey: queryKeys.uploads.list(query),
      queryFn: () => getUploadHistory(query),
      placeholderData: keepPreviousData,
    }),
  );
