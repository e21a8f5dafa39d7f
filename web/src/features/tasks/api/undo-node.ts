import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTask } from '@portal/shared/contracts/tasks';
import { invalidateAfterTaskAction } from '@/api/query-keys.ts';
import { api } from '@/lib/api-client.ts';

/** Takes back my approval while the next node has not acted (undo-info). */
export const undoNode = ({ taskId, nodeId }: { taskId: number; nodeId: number }) =>
  api.post<TTask>(`/task/tasks/${taskId}/nodes/${nodeId}/undo/`);

export const useUndoNode = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: undoNode, onSettled: () => invalidateAfterTaskAction(queryClient) });
};
