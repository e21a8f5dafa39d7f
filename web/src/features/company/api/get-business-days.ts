import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TBusinessDays } from '@portal/shared/contracts/calendar';
import { api } from '@/lib/api-client.ts';
import { BUSINESS_DAYS_KEY } from './calendar-keys.ts';

/** The month's 所定労働日, 'YYYY-MM-DD' (spec §7.4 task/business-days). */
export const getBusinessDays = (year: number, month: number) =>
  api.get<TBusinessDays>(`/task/business-days/${year}/${month}/`);

export const businessDaysQueryOptions = (year: number, month: number) =>
  queryOptions({
    queryKey: [...BUSINESS_DAYS_KEY, year, month],
    queryFn: () => getBusinessDays(year, month),
  });

export const useBusinessDays = (year: number, month: number) =>
  useQuery(businessDaysQueryOptions(year, month));
