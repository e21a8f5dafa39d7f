import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAttendanceCorrectionInput } from '@portal/shared/contracts/attendance';
import { invalidateAfterCorrection } from '@/api/query-keys.ts';
import { attendance } from '@portal/shared/endpoints/attendance';
import { api } from '@/lib/api-client.ts';

/** HR's correction of an approved report; the API keeps the previous version. */
export const saveCorrection = (taskId: number, input: TAttendanceCorrectionInput) =>
  api.call(attendance.correct, { id: taskId }, input);

export const useSaveCorrection = (taskId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TAttendanceCorrectionInput) => saveCorrection(taskId, input),
    onSuccess: () => invalidateAfterCorrection(queryClient),
  });
};
