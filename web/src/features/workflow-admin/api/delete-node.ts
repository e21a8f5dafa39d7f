import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client.ts';
import { invalidateWorkflows } from './keys.ts';

/** DELETE workflow/nodes/{id}/ */
export const deleteNode = (id: number) => api.delete<void>(`/workflow/nodes/${id}/`);

export const useDeleteNode = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteNode, onSuccess: () => invalidateWorkflows(queryClient) });
};
