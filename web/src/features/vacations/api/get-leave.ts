import { queryOptions, useQuery } from '@tanstack/react-query';
import { vacations } from '@portal/shared/endpoints/vacations';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** GET vacations/ — my whole leave history, earliest first. */
export const getVacations = () => api.call(vacations.mine, {});

/** GET paid-vacation/status/ — grants, remaining days, the next grant and the five-day obligation. */
export const getPaidLeaveStatus = () => api.call(vacations.paidLeaveStatus, {});

export const vacationsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.leave.history, queryFn: getVacations });

export const paidLeaveQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.leave.status, queryFn: getPaidLeaveStatus, retry: false });

export const useVacations = () => useQuery(vacationsQueryOptions());
export const usePaidLeaveStatus = () => useQuery(paidLeaveQueryOptions());
