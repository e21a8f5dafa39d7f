import type { QueryClient } from '@tanstack/react-query';

/** Every task list, task detail and its parts live under this key. */
export const TASKS_KEY = ['tasks'] as const;
export const taskDetailKey = (taskId: number) => [...TASKS_KEY, 'detail', taskId] as const;

/**
 * Other people act on a task (an approver approves, the applicant resubmits): its detail, nodes and
 * undo-info refetch whenever a page opens them instead of showing a copy up to 30 s old.
 */
export const TASK_DETAIL_STALE_TIME = 0;

/** After an action: the lists, the task itself, and the counts of the sidebar and the home page. */
export async function invalidateAfterTaskAction(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: TASKS_KEY }),
    queryClient.invalidateQueries({ queryKey: ['account'] }),
  ]);
}
