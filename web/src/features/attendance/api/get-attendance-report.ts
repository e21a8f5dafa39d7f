import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys.ts';
import { attendance } from '@portal/shared/endpoints/attendance';
import { api } from '@/lib/api-client.ts';

/** A report and its stored versions, newest first (the submission, then HR corrections). */
export const getAttendanceReport = (taskId: number) => api.call(attendance.report, { id: taskId });

export const attendanceReportQueryOptions = (taskId: number) =>
  queryOptions({
    queryKey: queryKeys.attendance.report(taskId),
    queryFn: () => getAttendanceReport(taskId),
  });

export const useAttendanceReport = (taskId: number, options: { enabled?: boolean } = {}) =>
  useQuery({ ...attendanceReportQueryOptions(taskId), enabled: options.enabled ?? true });
