import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTaskFormValues } from '@portal/shared/contracts/tasks';
import { invalidateAfterTaskAction } from '@/api/query-keys.ts';
import { tasks } from '@portal/shared/endpoints/tasks';
import { api } from '@/lib/api-client.ts';

/** Submits a new request: 201 with the task; 400 with field errors. */
export const createTask = ({ workflowId, values }: { workflowId: number; values: TTaskFormValues }) =>
  api.call(tasks.submit, { id: workflowId }, values);

export const useCreateTask = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createTask, onSuccess: () => invalidateAfterTaskAction(queryClient) });
};
