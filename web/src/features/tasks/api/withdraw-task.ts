import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTask, TWithdrawRequest } from '@portal/shared/contracts/tasks';
import { invalidateAfterTaskAction } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** The applicant withdraws a task in progress or sent back (status 99). */
export const withdrawTask = ({ taskId, body }: { taskId: number; body: TWithdrawRequest }) =>
  api.post<TTask>(`/task/tasks/${taskId}/withdraw/`, body);

export const useWithdrawTask = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: withdrawTask, onSettled: () => invalidateAfterTaskAction(queryClient) });
};
