import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TUploadDetailQuery } from '@portal/shared/contracts/uploads';
import { slips } from '@portal/shared/endpoints/slips';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** GET expense/upload-history/{id}/?unopened=&page=: the upload and its employees; 404 is the not-found page. */
export const getUploadDetail = (id: number, query: TUploadDetailQuery) =>
  api.call(slips.uploadHistoryOne, { id }, undefined, { query, notFoundPage: true });

export const useUploadDetail = (id: number, query: TUploadDetailQuery) =>
  useQuery(
    queryOptions({
      queryKey: queryKeys.uploads.detail(id, query),
      queryFn: () => getUploadDetail(id, query),
      placeholderData: keepPreviousData,
    }),
  );
