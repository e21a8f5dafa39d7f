import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTask } from '@portal/shared/contracts/tasks';
import { invalidateAfterTaskAction } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** Cancels an approved vacation and gives the leave back. */
export const cancelVacation = ({ taskId }: { taskId: number }) =>
  api.post<TTask>('/task/tasks/undo/vacation/', { task_id: taskId });

export const useCancelVacation = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelVacation, onSettled: () => invalidateAfterTaskAction(queryClient) });
};
