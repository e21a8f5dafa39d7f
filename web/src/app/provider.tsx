import { lazy, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { TaskKindViewsContext, type TaskKindViews } from '@/components/task-kind-views.tsx';
import { queryClient } from '@/lib/query-client.ts';

/** Read-only views of their own for some kinds of workflow, loaded with the first such task. */
export const TASK_KIND_VIEWS: TaskKindViews = {
  attendance: lazy(() => import('@/features/attendance/view/attendance-report-view.tsx')),
};

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <TaskKindViewsContext.Provider value={TASK_KIND_VIEWS}>{children}</TaskKindViewsContext.Provider>
    </QueryClientProvider>
  );
}
