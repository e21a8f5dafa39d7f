import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workflow } from '@portal/shared/endpoints/workflow';
import { invalidateWorkflows } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** DELETE workflow/nodes/{id}/ */
export const deleteNode = (id: number) => api.call(workflow.deleteNode, { id });

export const useDeleteNode = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteNode, onSuccess: () => invalidateWorkflows(queryClient) });
};
