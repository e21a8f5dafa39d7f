import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateWorkflows } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** DELETE workflow/nodes/{id}/ */
export const deleteNode = (id: number) => api.delete<void>(`/workflow/nodes/${id}/`);

export const useDeleteNode = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteNode, onSuccess: () => invalidateWorkflows(queryClient) });
};
