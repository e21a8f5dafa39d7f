// What the engine asks of a workflow kind. The engine itself knows no kind: the module that brings
// one (attendance, vacations, the assets later) registers its hooks at start (register-kinds.ts), as
// the web registers its parts in app/task-kinds.ts. A kind without hooks is a plain form.
import type { TCardSection } from '@portal/shared/contracts/bot-jobs';
import type { TRejectReason, TTaskFormValues } from '@portal/shared/contracts/tasks';
import type { TWorkflowKind } from '@portal/shared/workflow/codes';
import type { TFieldValues } from '@portal/shared/workflow/field-values';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { tasks } from '../../db/schema/tasks.ts';
import { workflows } from '../../db/schema/workflows.ts';
import type { FieldRow, Upload } from './form-values.ts';

type TaskRow = typeof tasks.$inferSelect;

/** A submitted body, checked: what the task stores. */
export interface PreparedBody {
  readonly values: TFieldValues;
  readonly uploads: readonly Upload[];
  /** Inside the transaction, once the task row is written and before its uploads are saved. */
  store?(tx: Db, taskId: number): Promise<void>;
}

export interface SubmissionCheck {
  readonly fields: readonly FieldRow[];
  readonly values: TFieldValues;
  readonly employeeId: number | null;
  readonly applicantId: number;
  /** The task being resubmitted, null for a new one. */
  readonly exceptTaskId: number | null;
}

export interface WorkflowKindHooks {
  /**
   * Checks a submitted (or resubmitted: `taskId`) body in place of the generic check of the form's
   * fields, before the transaction.
   */
  prepare?(
    db: Db,
    input: { applicantId: number; body: TTaskFormValues; taskId: number | null; workflowId: number },
  ): Promise<PreparedBody>;
  /** Inside the submitting (or resubmitting) transaction, before the task is written. */
  check?(tx: Db, input: SubmissionCheck): Promise<void>;
  /** Inside the transaction in which the task is approved (90). */
  onFinished?(tx: Db, task: TaskRow): Promise<void>;
  /** Inside the transaction that takes an approved task back (an undone approval, a cancellation). */
  onUndone?(tx: Db, task: TaskRow): Promise<void>;
  /**
   * The fixed reasons a request of the kind is rejected for: the reason sent must be one's value or
   * text, and its text is stored. The task answer (ZTask.reject_reasons) and the bot's card offer them.
   */
  readonly rejectReasons?: readonly TRejectReason[];
  /** What the bot's card shows of the request in place of its fields; null: the fields. */
  cardSections?(db: Db, task: TaskRow): Promise<TCardSection[] | null>;
  /** The applicant may cancel the approved task (POST tasks/undo/vacation/). */
  readonly cancellable?: boolean;
}

const registry = new Map<TWorkflowKind, WorkflowKindHooks>();
const PLAIN_FORM: WorkflowKindHooks = {};

/** Called again with the same hooks (every createApp) it does nothing; other hooks for a kind throw. */
export function registerWorkflowKind(kind: TWorkflowKind, hooks: WorkflowKindHooks): void {
  const present = registry.get(kind);
  if (present && present !== hooks) throw new Error(`workflow kind ${kind} has hooks already`);
  registry.set(kind, hooks);
}

/**
 * Tests of the engine's plug-in points only: puts `hooks` in place of a kind's own (the asset kinds
 * are registered by createApp), and answers how to put the kind's own back.
 */
export function replaceWorkflowKindForTest(kind: TWorkflowKind, hooks: WorkflowKindHooks): () => void {
  const own = registry.get(kind);
  registry.set(kind, hooks);
  return () => {
    if (own) registry.set(kind, own);
    else registry.delete(kind);
  };
}

export function kindHooks(kind: TWorkflowKind): WorkflowKindHooks {
  return registry.get(kind) ?? PLAIN_FORM;
}

/** The hooks of a task's workflow, by the workflow's id. */
export async function kindHooksOf(db: Db, workflowId: number): Promise<WorkflowKindHooks> {
  const [workflow] = await db
    .select({ kind: workflows.kind })
    .from(workflows)
    .where(eq(workflows.id, workflowId));
  return workflow ? kindHooks(workflow.kind) : PLAIN_FORM;
}
