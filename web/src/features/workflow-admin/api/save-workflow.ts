import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TWorkflow, TWorkflowRequest } from '@portal/shared/contracts/workflows';
import { invalidateWorkflows } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** POST workflow/workflows/ (no id) or PUT workflow/workflows/{id}/: the header and fields as a whole. */
export const saveWorkflow = ({ id, body }: { id: number | null; body: TWorkflowRequest }) =>
  id === null
    ? api.post<TWorkflow>('/workflow/workflows/', body)
    : api.put<TWorkflow>(`/workflow/workflows/${id}/`, body);

export const useSaveWorkflow = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveWorkflow, onSuccess: () => invalidateWorkflows(queryClient) });
};
