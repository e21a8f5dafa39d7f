import { queryOptions, useQuery } from '@tanstack/react-query';
import { workflow } from '@portal/shared/endpoints/workflow';
import { queryKeys } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** GET workflow/workflows/{id}/nodes/ — a plain array. */
export const getWorkflowNodes = (workflowId: number) => api.call(workflow.workflowNodes, { id: workflowId });

export const workflowNodesQueryOptions = (workflowId: number) =>
  queryOptions({
    queryKey: queryKeys.nodes.ofWorkflow(workflowId),
    queryFn: () => getWorkflowNodes(workflowId),
  });

export const useWorkflowNodes = (workflowId: number, enabled = true) =>
  useQuery({ ...workflowNodesQueryOptions(workflowId), enabled });
