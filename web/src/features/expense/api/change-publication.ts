import { useMutation, useQueryClient } from '@tanstack/react-query';
import { slips } from '@portal/shared/endpoints/slips';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** PATCH expense/upload-history/{id}/: a new publication time, before publication only. */
export const changePublication = ({ id, publishAt }: { id: number; publishAt: string }) =>
  api.call(slips.changePublication, { id }, { publish_at: publishAt });

export const useChangePublication = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePublication,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.uploads.all }),
  });
};
