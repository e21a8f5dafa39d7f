import { useMutation, useQueryClient } from '@tanstack/react-query';
import { workflow } from '@portal/shared/endpoints/workflow';
import { invalidateWorkflows, queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** DELETE workflow/workflows/{id}/ — 409 when the workflow has tasks. */
export const deleteWorkflow = (id: number) => api.call(workflow.delete, { id });

export const useDeleteWorkflow = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWorkflow,
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.workflows.detail(id) });
      await invalidateWorkflows(queryClient);
    },
  });
};
