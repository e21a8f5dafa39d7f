import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys.ts';
import { attendance } from '@portal/shared/endpoints/attendance';
import { api } from '@/lib/api-client.ts';

/**
 * The read-only view of a 勤怠報告 (spec §2.5); `version` picks an earlier one, else the latest.
 * `notFoundPage`: the page is built from this call (the view's own route), so a 404 shows that page.
 */
export const getAttendanceDetails = (taskId: number, version: number | null, notFoundPage = false) =>
  api.call(attendance.details, { id: taskId }, undefined, {
    query: { version: version ?? undefined },
    notFoundPage,
  });

export const attendanceDetailsQueryOptions = (taskId: number, version: number | null, notFoundPage = false) =>
  queryOptions({
    queryKey: queryKeys.attendance.details(taskId, version),
    queryFn: () => getAttendanceDetails(taskId, version, notFoundPage),
  });

export const useAttendanceDetails = (taskId: number, version: number | null, notFoundPage = false) =>
  useQuery(attendanceDetailsQueryOptions(taskId, version, notFoundPage));
