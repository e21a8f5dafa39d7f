import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  TAttendanceEmployeeListItem,
  TAttendanceEmployeeListQuery,
} from '@portal/shared/contracts/attendance';
import type { TPage } from '@portal/shared/contracts/pagination';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** Employees one may see with their month's status (behind /employee/attendance/{organisation}). */
export const getAttendanceEmployees = (query: TAttendanceEmployeeListQuery) =>
  api.get<TPage<TAttendanceEmployeeListItem>>('/attendance/employees/', {
    query: { ...query },
    notFoundPage: true,
  });

export const attendanceEmployeesQueryOptions = (query: TAttendanceEmployeeListQuery) =>
  queryOptions({
    queryKey: queryKeys.attendance.employees(query),
    queryFn: () => getAttendanceEmployees(query),
    placeholderData: keepPreviousData,
  });

export const useAttendanceEmployees = (query: TAttendanceEmployeeListQuery) =>
  useQuery(attendanceEmployeesQueryOptions(query));
