import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAttendanceDraftInput } from '@portal/shared/contracts/attendance';
import { queryKeys } from '@/api/query-keys.ts';
import { attendance } from '@portal/shared/endpoints/attendance';
import { api } from '@/lib/api-client.ts';

export interface SaveDraftVariables {
  year: number;
  month: number;
  body: TAttendanceDraftInput;
}

/** PUT attendance/year/{y}/month/{m}/ — my month's draft; a body with a field error saves nothing (400). */
export const saveAttendanceDraft = ({ year, month, body }: SaveDraftVariables) =>
  api.call(attendance.saveDraft, { year, month }, body);

export const useSaveAttendanceDraft = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAttendanceDraft,
    // The open form keeps what is typed; the cache gets the saved month for the next visit.
    onSuccess: (saved, { year, month }) =>
      queryClient.setQueryData(queryKeys.attendance.month(year, month), saved),
  });
};
