import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

export const deleteCalendarFile = (id: number) => api.delete<void>(`/master/company/calendar/files/${id}/`);

export const useDeleteCalendarFile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCalendarFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.company.calendar }),
  });
};
