import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys.ts';
import { attendance } from '@portal/shared/endpoints/attendance';
import { api } from '@/lib/api-client.ts';

/**
 * GET attendance/year/{y}/month/{m}/ — my month: the saved draft, or defaults from the contract and
 * the calendar. The entry form is built from it, so a 404 shows the not-found page.
 */
export const getAttendanceMonth = (year: number, month: number) =>
  api.call(attendance.month, { year, month }, undefined, { notFoundPage: true });

export const attendanceMonthQueryOptions = (year: number, month: number) =>
  queryOptions({
    queryKey: queryKeys.attendance.month(year, month),
    queryFn: () => getAttendanceMonth(year, month),
    // The form keeps its own state once built; a refetch in the background would only be ignored.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export const useAttendanceMonth = (year: number, month: number) =>
  useQuery(attendanceMonthQueryOptions(year, month));
