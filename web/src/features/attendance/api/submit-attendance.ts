import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAttendanceSubmitInput } from '@portal/shared/contracts/attendance';
import type { TTask } from '@portal/shared/contracts/tasks';
import { invalidateAfterAttendanceSubmit } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

export type SubmitAttendanceVariables =
  | { kind: 'create'; workflowId: number; body: TAttendanceSubmitInput }
  | { kind: 'resubmit'; taskId: number; body: TAttendanceSubmitInput };

/**
 * A 勤怠報告: POST task/workflows/{id}/form/ (201), or for a report sent back to me
 * POST task/tasks/{id}/resubmit/ with the same body. The draft is saved with it.
 */
export const submitAttendance = (variables: SubmitAttendanceVariables) =>
  variables.kind === 'create'
    ? api.post<TTask>(`/task/workflows/${variables.workflowId}/form/`, variables.body)
    : api.post<TTask>(`/task/tasks/${variables.taskId}/resubmit/`, variables.body);

export const useSubmitAttendance = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitAttendance,
    onSuccess: () => invalidateAfterAttendanceSubmit(queryClient),
  });
};
