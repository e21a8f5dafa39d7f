import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCompanyCalendar, TCompanyCalendarUpdate } from '@portal/shared/contracts/calendar';
import { invalidateCalendar } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

export const updateCompanyCalendar = (input: TCompanyCalendarUpdate) =>
  api.put<TCompanyCalendar>('/master/company/calendar', input);

export const useUpdateCompanyCalendar = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompanyCalendar,
    onSuccess: () => invalidateCalendar(queryClient),
  });
};
