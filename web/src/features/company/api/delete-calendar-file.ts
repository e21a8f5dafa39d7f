import { useMutation, useQueryClient } from '@tanstack/react-query';
import { company } from '@portal/shared/endpoints/company';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

export const deleteCalendarFile = (id: number) => api.call(company.deleteCalendarFile, { id });

export const useDeleteCalendarFile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCalendarFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.company.calendar }),
  });
};
