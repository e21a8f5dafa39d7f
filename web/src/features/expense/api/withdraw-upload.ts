import { useMutation, useQueryClient } from '@tanstack/react-query';
import { slips } from '@portal/shared/endpoints/slips';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** POST expense/upload-history/{id}/withdraw/: 公開予約の取消 or 公開の取消; the row stays (取消). */
export const withdrawUpload = (id: number) => api.call(slips.withdrawUpload, { id });

export const useWithdrawUpload = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawUpload,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.uploads.all }),
  });
};
