import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TWithdrawRequest } from '@portal/shared/contracts/tasks';
import { invalidateAfterTaskAction } from '@/api/query-keys.ts';
import { tasks } from '@portal/shared/endpoints/tasks';
import { api } from '@/lib/api-client.ts';

/** The applicant withdraws a task in progress or sent back (status 99). */
export const withdrawTask = ({ taskId, body }: { taskId: number; body: TWithdrawRequest }) =>
  api.call(tasks.withdraw, { id: taskId }, body);

export const useWithdrawTask = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: withdrawTask, onSettled: () => invalidateAfterTaskAction(queryClient) });
};
