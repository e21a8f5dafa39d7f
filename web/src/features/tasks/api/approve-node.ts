import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TApprovalRequest } from '@portal/shared/contracts/tasks';
import { invalidateAfterTaskAction } from '@/api/query-keys.ts';
import { tasks } from '@portal/shared/endpoints/tasks';
import { api } from '@/lib/api-client.ts';

export interface ApproveNodeInput {
  taskId: number;
  nodeId: number;
  body: TApprovalRequest;
}

/** Approve, send back or reject: 409 when the node no longer awaits the caller. */
export const approveNode = ({ taskId, nodeId, body }: ApproveNodeInput) =>
  api.call(tasks.approveNode, { id: taskId, nodeId }, body);

export const useApproveNode = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveNode,
    onSettled: () => invalidateAfterTaskAction(queryClient),
  });
};
