import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { TaskKindsContext } from '@/components/task-kind-views.tsx';
import { queryClient } from '@/lib/query-client.ts';
import { TASK_KINDS } from './task-kinds.ts';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <TaskKindsContext.Provider value={TASK_KINDS}>{children}</TaskKindsContext.Provider>
    </QueryClientProvider>
  );
}
