import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateAfterTaskAction } from '@/api/query-keys.ts';
import { tasks } from '@portal/shared/endpoints/tasks';
import { api } from '@/lib/api-client.ts';

/** Takes back my approval while the next node has not acted (undo-info). */
export const undoNode = ({ taskId, nodeId }: { taskId: number; nodeId: number }) =>
  api.call(tasks.undoNode, { id: taskId, nodeId });

export const useUndoNode = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: undoNode, onSettled: () => invalidateAfterTaskAction(queryClient) });
};
