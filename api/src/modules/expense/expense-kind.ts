// The expense claim (経費精算) as a workflow kind: every amount it claims is positive (a claim of 0
// or −1 yen is nonsense, issue 12). Its form is otherwise a plain form.
import { FIELD_MSG } from '@portal/shared/messages';
import { ValidationError, type FieldErrors } from '../../errors.ts';
import {
  registerWorkflowKind,
  type SubmissionCheck,
  type WorkflowKindHooks,
} from '../tasks/workflow-kinds.ts';

const AMOUNT_TYPES: ReadonlySet<string> = new Set(['integer', 'decimal']);

async function positiveAmounts(_tx: unknown, { fields, values }: SubmissionCheck): Promise<void> {
  const errors: FieldErrors = {};
  for (const field of fields) {
    const value = values[field.name];
    if (AMOUNT_TYPES.has(field.dataType) && typeof value === 'number' && value <= 0)
      errors[field.name] = [FIELD_MSG.positive(field.label)];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

const expenseKind: WorkflowKindHooks = { check: positiveAmounts };

export function registerExpenseKind(): void {
  registerWorkflowKind('expense', expenseKind);
}
