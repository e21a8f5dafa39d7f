import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateAfterTaskAction } from '@/api/query-keys.ts';
import { tasks } from '@portal/shared/endpoints/tasks';
import { api } from '@/lib/api-client.ts';

/** Cancels an approved vacation and gives the leave back. */
export const cancelVacation = ({ taskId }: { taskId: number }) =>
  api.call(tasks.cancelVacation, {}, { task_id: taskId });

export const useCancelVacation = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelVacation, onSettled: () => invalidateAfterTaskAction(queryClient) });
};
