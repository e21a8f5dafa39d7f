import { useMutation, useQueryClient } from '@tanstack/react-query';
import { slips } from '@portal/shared/endpoints/slips';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** POST expense/resend/: the bell and Lark again to the upload's employees who have not opened. */
export const resendUpload = (uploadId: number) => api.call(slips.resend, {}, { upload_id: uploadId });

export const useResendUpload = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendUpload,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.uploads.all }),
  });
};
