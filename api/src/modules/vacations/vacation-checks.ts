// A vacation request's own checks on submit (and resubmit): dates in order, at least one working
// day, no overlap with the leave history or another open request, enough paid leave. Days are the
// company's working days (vacations/leave-days.ts). Everything that changes one employee's leave —
// a request checked and written, an approval entering the history — first takes that employee's row
// lock, so simultaneous requests are checked one after the other and cannot together overdraw the
// balance or overlap.
import { and, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import { NON_FIELD_ERRORS } from '@portal/shared/contracts/errors';
import { WORKFLOW_MSG } from '@portal/shared/messages';
import { PAID_LEAVE_CATEGORY } from '@portal/shared/codes';
import type { TPaidLeaveBalance } from '@portal/shared/contracts/vacations';
import { VACATION_FIELDS } from '@portal/shared/workflow/codes';
import type { TFieldValues } from '@portal/shared/workflow/field-values';
import {
  leavePeriodOf,
  periodsOverlap,
  vacationFieldErrors,
  type TLeavePeriod,
} from '@portal/shared/workflow/vacation';
import type { Db } from '../../db/client.ts';
import { employees } from '../../db/schema/employees.ts';
import { tasks } from '../../db/schema/tasks.ts';
import { vacations } from '../../db/schema/vacations.ts';
import { workflows } from '../../db/schema/workflows.ts';
import { tokyoDate } from '../../dates.ts';
import { ValidationError } from '../../errors.ts';
import { leaveDayCounter, type LeaveDayCounter } from './leave-days.ts';
import { loadPaidLeaveLedger } from './paid-leave-ledger.ts';
import type { FieldRow } from '../tasks/form-values.ts';

interface OpenRequest {
  readonly period: TLeavePeriod;
  readonly category: unknown;
}

async function openVacationRequests(
  db: Db,
  applicantId: number,
  exceptTaskId: number | null,
): Promise<OpenRequest[]> {
  const rows = await db
    .select({ values: tasks.values })
    .from(tasks)
    .innerJoin(workflows, eq(workflows.id, tasks.workflowId))
    .where(
      and(
        eq(tasks.applicantId, applicantId),
        eq(workflows.kind, 'vacation'),
        inArray(tasks.status, ['01', '02']),
        exceptTaskId === null ? undefined : ne(tasks.id, exceptTaskId),
      ),
    );
  return rows.flatMap((r) => {
    const period = leavePeriodOf(r.values);
    return period ? [{ period, category: r.values[VACATION_FIELDS.category] }] : [];
  });
}

/**
 * Holds the employee's row (FOR NO KEY UPDATE: rows that merely reference the employee are not
 * blocked) until the transaction ends. Call inside the transaction, before reading the leave.
 */
export async function lockEmployeeLeave(tx: Db, employeeId: number): Promise<void> {
  await tx
    .select({ id: employees.id })
    .from(employees)
    .where(eq(employees.id, employeeId))
    .for('no key update');
}

/** Days of paid leave requested and still awaiting approval. */
export async function pendingPaidLeave(
  db: Db,
  applicantId: number,
  exceptTaskId: number | null,
  count: LeaveDayCounter,
): Promise<number> {
  return (await openVacationRequests(db, applicantId, exceptTaskId))
    .filter((r) => r.category === PAID_LEAVE_CATEGORY)
    .reduce((sum, r) => sum + count(r.period), 0);
}

/**
 * The balance on today: the valid grants, what was taken from them (oldest grant first,
 * paid-leave-ledger.ts), what awaits approval, and what is left to request.
 */
export async function paidLeaveBalance(
  db: Db,
  employeeId: number,
  applicantId: number,
  exceptTaskId: number | null = null,
  countDays?: LeaveDayCounter,
): Promise<TPaidLeaveBalance> {
  const count = countDays ?? (await leaveDayCounter(db));
  const ledger = await loadPaidLeaveLedger(db, employeeId, tokyoDate());
  const granted = ledger.grants.reduce((sum, g) => sum + g.days, 0);
  const used = ledger.grants.reduce((sum, g) => sum + g.used_days, 0);
  const pending = await pendingPaidLeave(db, applicantId, exceptTaskId, count);
  return { granted, used, pending, remaining: ledger.remaining_days - pending };
}

/** Runs inside the submitting transaction: takes the employee's lock, then reads. */
export async function checkVacation(
  tx: Db,
  input: {
    fields: readonly FieldRow[];
    values: TFieldValues;
    employeeId: number | null;
    applicantId: number;
    exceptTaskId: number | null;
  },
): Promise<void> {
  if (input.employeeId === null) throw ValidationError.field(NON_FIELD_ERRORS, WORKFLOW_MSG.notEmployee);
  const label = (name: string) => input.fields.find((f) => f.name === name)?.label ?? name;
  const orderErrors = vacationFieldErrors(input.values, {
    start: label(VACATION_FIELDS.startDate),
    end: label(VACATION_FIELDS.endDate),
  });
  if (Object.keys(orderErrors).length > 0) throw new ValidationError(orderErrors);
  const period = leavePeriodOf(input.values);
  if (!period) return;
  const countDays = await leaveDayCounter(tx);
  const days = countDays(period);
  if (days <= 0) throw ValidationError.field(NON_FIELD_ERRORS, WORKFLOW_MSG.vacationNoDays);

  await lockEmployeeLeave(tx, input.employeeId);
  const history = await tx
    .select()
    .from(vacations)
    .where(
      and(
        eq(vacations.employeeId, input.employeeId),
        lte(vacations.startDate, period.end_date),
        sql`${vacations.endDate} >= ${period.start_date}`,
      ),
    )
    .limit(1);
  const taken = history[0];
  if (taken)
    throw ValidationError.field(
      NON_FIELD_ERRORS,
      WORKFLOW_MSG.vacationOverlap(taken.startDate, taken.endDate),
    );
  const open = (await openVacationRequests(tx, input.applicantId, input.exceptTaskId)).find((r) =>
    periodsOverlap(r.period, period),
  );
  if (open)
    throw ValidationError.field(
      NON_FIELD_ERRORS,
      WORKFLOW_MSG.vacationOverlap(open.period.start_date, open.period.end_date),
    );

  if (input.values[VACATION_FIELDS.category] !== PAID_LEAVE_CATEGORY) return;
  const balance = await paidLeaveBalance(
    tx,
    input.employeeId,
    input.applicantId,
    input.exceptTaskId,
    countDays,
  );
  if (days > balance.remaining)
    throw ValidationError.field(NON_FIELD_ERRORS, WORKFLOW_MSG.paidLeaveShort(balance.remaining, days));
}

/** On final approval: the period enters the employee's leave history. */
export async function enterLeaveHistory(tx: Db, task: typeof tasks.$inferSelect): Promise<void> {
  const period = leavePeriodOf(task.values);
  const category = task.values[VACATION_FIELDS.category];
  if (!period || task.employeeId === null || typeof category !== 'string') return;
  await lockEmployeeLeave(tx, task.employeeId);
  const countDays = await leaveDayCounter(tx);
  await tx
    .insert(vacations)
    .values({
      employeeId: task.employeeId,
      category: category as typeof vacations.$inferInsert.category,
      startDate: period.start_date,
      endDate: period.end_date,
      days: countDays(period),
      isStartHalf: period.is_start_half,
      isEndHalf: period.is_end_half,
      taskId: task.id,
    })
    .onConflictDoNothing({ target: vacations.taskId });
}

/** An approval taken back (undone, or the vacation cancelled): the period leaves the history again. */
export async function removeLeaveHistory(tx: Db, task: typeof tasks.$inferSelect): Promise<void> {
  await tx.delete(vacations).where(eq(vacations.taskId, task.id));
}
