import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TWorkflow, TWorkflowRequest } from '@portal/shared/contracts/workflows';
import { api } from '@/lib/api-client.ts';
import { invalidateWorkflows } from './keys.ts';

/** POST workflow/workflows/ */
export const createWorkflow = (body: TWorkflowRequest) => api.post<TWorkflow>('/workflow/workflows/', body);

export const useCreateWorkflow = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createWorkflow, onSuccess: () => invalidateWorkflows(queryClient) });
};
