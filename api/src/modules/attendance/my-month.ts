// GET/PUT /api/attendance/year/{y}/month/{m}/: my month — the saved draft (or defaults from my
// contract and the calendar), and saving the draft. Nothing typed is lost: a save either stores the
// whole month or, when any cell is wrong, nothing (field errors name the cells).
import { labelOf } from '@portal/shared/codes';
import {
  ATTENDANCE_MONTH_STATUSES,
  ZAttendanceDraftInput,
  type TAttendanceMonth,
  type TAttendanceMonthStatus,
} from '@portal/shared/contracts/attendance';
import { ATTENDANCE_MSG } from '@portal/shared/messages';
import type { RequestContext } from '../../context.ts';
import { Conflict, NotFound } from '../../errors.ts';
import {
  findAttendanceWorkflow,
  findDraft,
  findHoldingReport,
  findLatestVersion,
  upsertDraft,
} from './attendance.repository.ts';
import { checkMonth, fieldErrorsOf } from './check-month.ts';
import {
  defaultData,
  findEmployeeOfUser,
  loadMonthSetup,
  type EmployeeRef,
  type MonthSetup,
} from './month-setup.ts';
import { computeData, findTimesheet, toSheet } from './sheet.ts';

type YearMonth = { year: number; month: number };

export async function myEmployee(ctx: RequestContext): Promise<EmployeeRef> {
  const employee = await findEmployeeOfUser(ctx.db, ctx.user.id);
  // No employee record, no attendance.
  if (!employee) throw new NotFound();
  return employee;
}

export function monthStatusName(status: TAttendanceMonthStatus): string {
  return labelOf(ATTENDANCE_MONTH_STATUSES, status);
}

/** Whether my draft may still change: nothing submitted, or the report sent back. */
export function isEditable(status: TAttendanceMonthStatus): boolean {
  return status === 'none' || status === 'draft' || status === '02';
}

/** The month as the screen shows it; `knownSetup`: the month's setup when the caller has it already. */
export async function readMonth(
  ctx: RequestContext,
  employee: EmployeeRef,
  input: YearMonth,
  knownSetup?: MonthSetup,
): Promise<TAttendanceMonth> {
  const [setup, holding, draft, workflow] = await Promise.all([
    knownSetup ?? loadMonthSetup(ctx.db, employee.id, input.year, input.month),
    findHoldingReport(ctx.db, employee.id, input.year, input.month),
    findDraft(ctx.db, employee.id, input.year, input.month),
    findAttendanceWorkflow(ctx.db),
  ]);
  const status: TAttendanceMonthStatus = holding
    ? (holding.status as TAttendanceMonthStatus)
    : draft
      ? 'draft'
      : 'none';
  const submitted =
    holding && holding.status !== '02' ? await findLatestVersion(ctx.db, holding.taskId) : null;
  const data = submitted?.data ?? draft?.data ?? defaultData(setup);
  const result = submitted?.result ?? computeData(data, setup);
  return {
    ...toSheet(employee, setup, data, result, await findTimesheet(ctx.db, holding?.taskId ?? null)),
    status,
    status_name: monthStatusName(status),
    task_id: holding?.taskId ?? null,
    workflow_id: workflow?.id ?? null,
    editable: isEditable(status),
    default_input: data.default_input,
    saved_at: draft ? draft.updatedAt.toISOString() : null,
    contract: {
      first: setup.contract.first,
      second: setup.contract.second,
      end_date: setup.contract.endDate,
    },
  };
}

export async function getMyMonth({ ctx, input }: { ctx: RequestContext; input: YearMonth }) {
  return readMonth(ctx, await myEmployee(ctx), input);
}

export async function saveMyDraft({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: YearMonth & { body: unknown };
}): Promise<TAttendanceMonth> {
  const employee = await myEmployee(ctx);
  const parsed = ZAttendanceDraftInput.safeParse(input.body ?? {});
  if (!parsed.success) throw fieldErrorsOf(parsed.error);
  const setup = await loadMonthSetup(ctx.db, employee.id, input.year, input.month);
  const { data } = checkMonth(parsed.data, setup);
  await ctx.db.transaction(async (tx) => {
    // Writing the draft row first takes the month's lock: a submission of the same month waits for
    // it, and vice versa; a refusal rolls the write back.
    await upsertDraft(tx, { employeeId: employee.id, year: input.year, month: input.month }, data);
    const holding = await findHoldingReport(tx, employee.id, input.year, input.month);
    if (holding && !isEditable(holding.status as TAttendanceMonthStatus))
      throw new Conflict(ATTENDANCE_MSG.notEditable);
  });
  // A draft changes nothing the setup is made of (calendar, contract, leave).
  return readMonth(ctx, employee, input, setup);
}
