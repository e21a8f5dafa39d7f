import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAttendanceSubmitInput } from '@portal/shared/contracts/attendance';
import { invalidateAfterAttendanceSubmit } from '@/api/query-keys.ts';
import { tasks } from '@portal/shared/endpoints/tasks';
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
    ? api.call(tasks.submit, { id: variables.workflowId }, variables.body)
    : api.call(tasks.resubmit, { id: variables.taskId }, variables.body);

export const useSubmitAttendance = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitAttendance,
    // Not awaited: the form moves on to the new task at once. Awaiting would hold the navigation
    // until the month being left is fetched again and its whole grid re-rendered read-only, which
    // on a slow phone took longer than the submission itself. The queries are marked stale
    // synchronously, so the lists and counts the next screen shows are fetched fresh.
    onSuccess: () => {
      void invalidateAfterAttendanceSubmit(queryClient);
    },
  });
};
