import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUploadIssue } from '@portal/shared/contracts/uploads';
import { slips } from '@portal/shared/endpoints/slips';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** POST expense/upload/: the same file with the preview's token; 409 when it now reads otherwise. */
export const issueUpload = (body: TUploadIssue) => api.call(slips.issueUpload, {}, body);

export const useIssueUpload = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueUpload,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.uploads.all }),
  });
};
