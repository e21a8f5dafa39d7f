import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCompanyCalendarUpdate } from '@portal/shared/contracts/calendar';
import { company } from '@portal/shared/endpoints/company';
import { invalidateCalendar } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

export const updateCompanyCalendar = (input: TCompanyCalendarUpdate) =>
  api.call(company.replaceCalendar, {}, input);

export const useUpdateCompanyCalendar = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompanyCalendar,
    onSuccess: () => invalidateCalendar(queryClient),
  });
};
