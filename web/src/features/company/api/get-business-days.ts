import { queryOptions, useQuery } from '@tanstack/react-query';
import { calendar } from '@portal/shared/endpoints/calendar';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** The month's 所定労働日, 'YYYY-MM-DD' (spec §7.4 task/business-days). */
export const getBusinessDays = (year: number, month: number) =>
  api.call(calendar.businessDays, { year, month });

export const businessDaysQueryOptions = (year: number, month: number) =>
  queryOptions({
    queryKey: queryKeys.company.businessDaysOf(year, month),
    queryFn: () => getBusinessDays(year, month),
  });

export const useBusinessDays = (year: number, month: number) =>
  useQuery(businessDaysQueryOptions(year, month));
