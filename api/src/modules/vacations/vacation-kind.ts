// The vacation request (休暇申請) as a workflow kind: its dates and balance are checked under the
// employee's lock inside the submitting transaction, its approval enters the leave history, taking
// the approval back removes it, it is rejected with one of the three fixed reasons (spec §3.6), the
// applicant may cancel it once approved, and its card shows the period, the days and the paid leave left.
import { PAID_LEAVE_CATEGORY, labelOf } from '@portal/shared/codes';
import type { TCardSection } from '@portal/shared/contracts/bot-jobs';
import { vacationCardRows } from '@portal/shared/workflow/card-rows';
import { VACATION_CATEGORIES, VACATION_FIELDS, VACATION_REJECT_REASONS } from '@portal/shared/workflow/codes';
import { countLeaveDays, leavePeriodOf } from '@portal/shared/workflow/vacation';
import type { Db } from '../../db/client.ts';
import type { tasks } from '../../db/schema/tasks.ts';
import { registerWorkflowKind, type WorkflowKindHooks } from '../tasks/workflow-kinds.ts';
import { checkVacation, enterLeaveHistory, paidLeaveBalance, removeLeaveHistory } from './vacation-checks.ts';

async function vacationCard(db: Db, task: typeof tasks.$inferSelect): Promise<TCardSection[] | null> {
  const period = leavePeriodOf(task.values);
  if (!period) return null;
  const category = String(task.values[VACATION_FIELDS.category] ?? '');
  const remaining =
    category === PAID_LEAVE_CATEGORY && task.employeeId !== null
      ? (await paidLeaveBalance(db, task.employeeId, task.applicantId)).remaining
      : null;
  const rows = vacationCardRows({
    category_name: labelOf(VACATION_CATEGORIES, category),
    start_date: period.start_date,
    end_date: period.end_date,
    days: countLeaveDays(period),
    remaining_days: remaining,
  });
  return [{ rows }];
}

const vacationKind: WorkflowKindHooks = {
  check: checkVacation,
  onFinished: enterLeaveHistory,
  onUndone: removeLeaveHistory,
  rejectReasons: VACATION_REJECT_REASONS.map((r) => ({ value: r.value, text: r.label })),
  cancellable: true,
  cardSections: vacationCard,
};

export function registerVacationKind(): void {
  registerWorkflowKind('vacation', vacationKind);
}
