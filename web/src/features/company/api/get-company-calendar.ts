import { queryOptions, useQuery } from '@tanstack/react-query';
import { company } from '@portal/shared/endpoints/company';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** The calendar images, the 法定休日 weekday and days off, and whether I may change them (spec §7.9). */
export const getCompanyCalendar = () => api.call(company.calendar, {});

export const companyCalendarQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.company.calendar, queryFn: getCompanyCalendar });

export const useCompanyCalendar = () => useQuery(companyCalendarQueryOptions());
