import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCalendarFileUpload } from '@portal/shared/contracts/calendar';
import { company } from '@portal/shared/endpoints/company';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** One calendar image, as the spec's upload string. */
export const uploadCalendarFile = (input: TCalendarFileUpload) =>
  api.call(company.addCalendarFile, {}, input);

export const useUploadCalendarFile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadCalendarFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.company.calendar }),
  });
};
