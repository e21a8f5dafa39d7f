import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys.ts';
import { attendance } from '@portal/shared/endpoints/attendance';
import { api } from '@/lib/api-client.ts';

/** The latest version of an approved report, as the HR correction screen starts from it. */
export const getCorrection = (taskId: number) =>
  api.call(attendance.correction, { id: taskId }, undefined, { notFoundPage: true });

export const correctionQueryOptions = (taskId: number) =>
  queryOptions({
    queryKey: queryKeys.attendance.correction(taskId),
    queryFn: () => getCorrection(taskId),
    // The screen edits a copy: a background refetch must not replace what HR is typing.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export const useCorrection = (taskId: number) => useQuery(correctionQueryOptions(taskId));
