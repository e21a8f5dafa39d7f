import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTaskFormValues } from '@portal/shared/contracts/tasks';
import { invalidateAfterTaskAction } from '@/api/query-keys.ts';
import { tasks } from '@portal/shared/endpoints/tasks';
import { api } from '@/lib/api-client.ts';

/** The applicant sends a sent-back task again, with its edited values (restarts at the first node). */
export const resubmitTask = ({ taskId, values }: { taskId: number; values: TTaskFormValues }) =>
  api.call(tasks.resubmit, { id: taskId }, values);

export const useResubmitTask = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resubmitTask, onSettled: () => invalidateAfterTaskAction(queryClient) });
};
