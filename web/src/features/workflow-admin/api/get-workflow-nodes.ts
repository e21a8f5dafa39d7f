import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TNode } from '@portal/shared/contracts/workflows';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** GET workflow/workflows/{id}/nodes/ — a plain array. */
export const getWorkflowNodes = (workflowId: number) =>
  api.get<TNode[]>(`/workflow/workflows/${workflowId}/nodes/`);

export const workflowNodesQueryOptions = (workflowId: number) =>
  queryOptions({
    queryKey: queryKeys.nodes.ofWorkflow(workflowId),
    queryFn: () => getWorkflowNodes(workflowId),
  });

export const useWorkflowNodes = (workflowId: number, enabled = true) =>
  useQuery({ ...workflowNodesQueryOptions(workflowId), enabled });
