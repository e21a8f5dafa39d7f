import type { QueryClient } from '@tanstack/react-query';

export const CALENDAR_KEY = ['company', 'calendar'] as const;
export const BUSINESS_DAYS_KEY = ['business-days'] as const;

/** A change to the settings moves business days; images change only the calendar itself. */
export const invalidateCalendar = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: CALENDAR_KEY }),
    queryClient.invalidateQueries({ queryKey: BUSINESS_DAYS_KEY }),
  ]);
