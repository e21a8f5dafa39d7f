// The web's one registry of request kinds: what a kind brings of its own — its read-only view (an
// attendance report shows the attendance sheet of spec §2.5 in place of the generic field list of
// §2.4), its entry form (the 勤怠報告's month grid in place of the generic request form) and its
// reject control (in place of the fixed reasons of ZTask.reject_reasons, or free text). app/ fills the
// table (app/task-kinds.ts), so the tasks feature shows other features' parts without importing them.
import {
  createContext,
  createElement,
  Suspense,
  useContext,
  type ComponentType,
  type ReactNode,
} from 'react';
import type { TRejectReason } from '@portal/shared/contracts/tasks';
import type { TWorkflowKind } from '@portal/shared/workflow/codes';
import { Loading } from './query-state.tsx';

export interface RejectControlProps {
  /** The id of the control's label (却下理由). */
  labelledBy: string;
  /** The task's fixed reasons (ZTask.reject_reasons); null: a free reason. */
  reasons: readonly TRejectReason[] | null;
  value: string;
  onChange: (reason: string) => void;
}

export interface TaskKindParts {
  /** The read-only view of a request, in place of its field list. */
  readonly view?: ComponentType<{ taskId: number }>;
  /** The screen a request is entered on, in place of the generic request form. */
  readonly entryForm?: ComponentType<{ workflowName?: string }>;
  /** How the approver gives the reason for rejecting, in place of the fixed reasons or free text. */
  readonly rejectControl?: ComponentType<RejectControlProps>;
}

export type TaskKinds = Partial<Record<TWorkflowKind, TaskKindParts>>;

export const TaskKindsContext = createContext<TaskKinds>({});

const NO_PARTS: TaskKindParts = {};

/** What the kind brings of its own; nothing for a plain form (or while the kind is not known yet). */
export function useTaskKind(kind: TWorkflowKind | undefined): TaskKindParts {
  const kinds = useContext(TaskKindsContext);
  return (kind && kinds[kind]) || NO_PARTS;
}

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
  const { view } = useTaskKind(kind);
  if (!view) return fallback;
  return <Suspense fallback={<Loading />}>{createElement(view, { taskId })}</Suspense>;
}
