import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TNodeRequest } from '@portal/shared/contracts/workflows';
import { workflow } from '@portal/shared/endpoints/workflow';
import { invalidateWorkflows } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** POST workflow/nodes/ (no id) or PUT workflow/nodes/{id}/. */
export const saveNode = ({ id, body }: { id: number | null; body: TNodeRequest }) =>
  id === null ? api.call(workflow.createNode, {}, body) : api.call(workflow.replaceNode, { id }, body);

export const useSaveNode = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveNode, onSuccess: () => invalidateWorkflows(queryClient) });
};
