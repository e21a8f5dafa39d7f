import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TWorkflowRequest } from '@portal/shared/contracts/workflows';
import { workflow } from '@portal/shared/endpoints/workflow';
import { invalidateWorkflows } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** POST workflow/workflows/ (no id) or PUT workflow/workflows/{id}/: the header and fields as a whole. */
export const saveWorkflow = ({ id, body }: { id: number | null; body: TWorkflowRequest }) =>
  id === null ? api.call(workflow.create, {}, body) : api.call(workflow.replace, { id }, body);

export const useSaveWorkflow = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveWorkflow, onSuccess: () => invalidateWorkflows(queryClient) });
};
