// A feature's own read-only view for one kind of workflow (an attendance report shows the attendance
// sheet of spec §2.5 in place of the generic field list of §2.4). app/ fills the table, so the tasks
// feature shows other features' views without importing them.
import {
  createContext,
  createElement,
  Suspense,
  useContext,
  type ComponentType,
  type ReactNode,
} from 'react';
import type { TWorkflowKind } from '@portal/shared/workflow/codes';
import { Loading } from './query-state.tsx';

export type TaskKindViews = Partial<Record<TWorkflowKind, ComponentType<{ taskId: number }>>>;

export const TaskKindViewsContext = createContext<TaskKindViews>({});

/** The view registered for the task's kind, else `fallback` (the generic view). */
export function TaskKindView({
  kind,
  taskId,
  fallback,
}: {
  kind: TWorkflowKind;
  taskId: number;
  fallback: ReactNode;
}) {
  const view = useContext(TaskKindViewsContext)[kind];
  if (!view) return fallback;
  return <Suspense fallback={<Loading />}>{createElement(view, { taskId })}</Suspense>;
}
