import type { QueryClient } from '@tanstack/react-query';

/** Every task list, task detail and its parts live under this key. */
export const TASKS_KEY = ['tasks'] as const;
export const taskDetailKey = (taskId: number) => [...TASKS_KEY, 'detail', taskId] as const;

/** After an action: the lists, the task itself, and the counts of the sidebar and the home page. */
export async function invalidateAfterTaskAction(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: TASKS_KEY }),
    queryClient.invalidateQueries({ queryKey: ['account'] }),
  ]);
}
