// The vacation request (休暇申請) as a workflow kind: its dates and balance are checked under the
// employee's lock inside the submitting transaction, its approval enters the leave history, taking
// the approval back removes it, it is rejected with one of the three fixed reasons (spec §3.6), and
// the applicant may cancel it once approved.
import { FIELD_MSG } from '@portal/shared/messages';
import { VACATION_REJECT_REASONS } from '@portal/shared/workflow/codes';
import { ValidationError } from '../../errors.ts';
import { registerWorkflowKind, type WorkflowKindHooks } from '../tasks/workflow-kinds.ts';
import { checkVacation, enterLeaveHistory, removeLeaveHistory } from './vacation-checks.ts';

/** Sent as its code or its sentence; the sentence is stored. */
function fixedRejectReason(reason: string): string {
  const fixed = VACATION_REJECT_REASONS.find((r) => r.value === reason || r.label === reason);
  if (!fixed) throw ValidationError.field('reason', FIELD_MSG.choice('却下理由'));
  return fixed.label;
}

const vacationKind: WorkflowKindHooks = {
  check: checkVacation,
  onFinished: enterLeaveHistory,
  onUndone: removeLeaveHistory,
  rejectReason: fixedRejectReason,
  cancellable: true,
};

export function registerVacationKind(): void {
  registerWorkflowKind('vacation', vacationKind);
}
