import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { CALENDAR_KEY } from './calendar-keys.ts';

export const deleteCalendarFile = (id: number) => api.delete<void>(`/master/company/calendar/files/${id}/`);

export const useDeleteCalendarFile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCalendarFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CALENDAR_KEY }),
  });
};
