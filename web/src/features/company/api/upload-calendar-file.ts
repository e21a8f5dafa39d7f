import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCalendarFile, TCalendarFileUpload } from '@portal/shared/contracts/calendar';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** One calendar image, as the spec's upload string. */
export const uploadCalendarFile = (input: TCalendarFileUpload) =>
  api.post<TCalendarFile>('/master/company/calendar/files/', input);

export const useUploadCalendarFile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadCalendarFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.company.calendar }),
  });
};
