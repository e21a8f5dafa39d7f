import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TWorkflow, TWorkflowRequest } from '@portal/shared/contracts/workflows';
import { api } from '@/lib/api-client.ts';
import { invalidateWorkflows } from './keys.ts';

/** PUT workflow/workflows/{id}/ — the header and the fields, replaced as a whole. */
export const updateWorkflow = ({ id, body }: { id: number; body: TWorkflowRequest }) =>
  api.put<TWorkflow>(`/workflow/workflows/${id}/`, body);

export const useUpdateWorkflow = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateWorkflow, onSuccess: () => invalidateWorkflows(queryClient) });
};
