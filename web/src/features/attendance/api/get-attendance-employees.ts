import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TAttendanceEmployeeListQuery } from '@portal/shared/contracts/attendance';
import { queryKeys } from '@/api/query-keys.ts';
import { attendance } from '@portal/shared/endpoints/attendance';
import { api } from '@/lib/api-client.ts';

/** Employees one may see with their month's status (behind /employee/attendance/{organisation}). */
export const getAttendanceEmployees = (query: TAttendanceEmployeeListQuery) =>
  api.call(attendance.employees, {}, undefined, { query, notFoundPage: true });

export const attendanceEmployeesQueryOptions = (query: TAttendanceEmployeeListQuery) =>
  queryOptions({
    queryKey: queryKeys.attendance.employees(query),
    queryFn: () => getAttendanceEmployees(query),
    placeholderData: keepPreviousData,
  });

export const useAttendanceEmployees = (query: TAttendanceEmployeeListQuery) =>
  useQuery(attendanceEmployeesQueryOptions(query));
