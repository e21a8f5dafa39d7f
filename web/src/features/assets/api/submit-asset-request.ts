import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTaskFormValues } from '@portal/shared/contracts/tasks';
import { invalidateAfterTaskAction, queryKeys } from '@/api/query-keys.ts';
import { tasks } from '@portal/shared/endpoints/tasks';
import { api } from '@/lib/api-client.ts';

/**
 * Submits a 資材貸出申請, or, when the type has no stock, the 資材購入申請 with the same choices
 * (workflow 14): 201 with the task; 400 with field errors.
 */
export const submitAssetRequest = ({ workflowId, values }: { workflowId: number; values: TTaskFormValues }) =>
  api.call(tasks.submit, { id: workflowId }, values);

/** Resubmits a sent-back 資材貸出申請 with the form's values. */
export const resubmitAssetRequest = ({ taskId, values }: { taskId: number; values: TTaskFormValues }) =>
  api.call(tasks.resubmit, { id: taskId }, values);

export const useSubmitAssetRequest = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { workflowId: number; resubmitId: number | null; values: TTaskFormValues }) =>
      input.resubmitId === null
        ? submitAssetRequest(input)
        : resubmitAssetRequest({ taskId: input.resubmitId, values: input.values }),
    onSuccess: async () => {
      await invalidateAfterTaskAction(queryClient);
      await queryClient.invalidateQueries({ queryKey: queryKeys.assets.all });
    },
  });
};
