// The leave history that approved vacation requests write (spec §7.6 employees/{code}/vacations/…,
// vacations/…) and the paid-leave status. The history is shown to the employee themself, to holders of
// employee.view_attendance, and to holders of employee.view_attendance_org_only for employees of
// their own organisations and below (employee-scope.ts); anyone else gets 404. The caller's own
// routes take `?employee=<id>` for those who may see another employee.
import { eq } from 'drizzle-orm';
import { PAID_LEAVE_CATEGORY } from '@portal/shared/codes';
import { monthBounds } from '@portal/shared/attendance/dates';
import type { TPaidLeaveEndDate, TPaidLeaveStatus, TVacation } from '@portal/shared/contracts/vacations';
import { MSG } from '@portal/shared/messages';
import { nextScheduledGrant } from '@portal/shared/paid-leave/schedule';
import type { RequestContext } from '../../context.ts';
import { employees } from '../../db/schema/employees.ts';
import { positions } from '../../db/schema/organizations.ts';
import { tokyoDate } from '../../dates.ts';
import { mayViewEmployee } from '../../employee-scope.ts';
import { NotFound } from '../../errors.ts';
import { weeklyDaysOfPositions } from './grant-job.ts';
import { loadPaidLeaveLedger, loadPaidLeaveRows } from './paid-leave-ledger.ts';
import { paidLeaveBalance } from './vacation-checks.ts';
import { listVacationsBetween } from './vacations.repository.ts';

export async function listEmployeeVacations({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { code: string; year: number; month: number };
}): Promise<TVacation[]> {
  const [employee] = await ctx.db
    .select({ id: employees.id, userId: employees.userId })
    .from(employees)
    .where(eq(employees.code, input.code));
  if (!employee || !(await mayViewEmployee(ctx, employee))) throw new NotFound();
  const { first, last } = monthBounds(input.year, input.month);
  return listVacationsBetween(ctx.db, employee.id, first, last);
}

interface LeaveOwner {
  readonly id: number;
  readonly userId: number | null;
  readonly joinDate: string | null;
}

/**
 * The employee whose leave is asked for: the caller's own record, or `employeeId` when the caller
 * may see that employee; else 404 (with `missing` as its message when the caller has no record).
 */
export async function leaveOwner(
  ctx: RequestContext,
  employeeId: number | undefined,
  missing?: string,
): Promise<LeaveOwner> {
  const columns = { id: employees.id, userId: employees.userId, joinDate: employees.joinDate };
  const [employee] = await ctx.db
    .select(columns)
    .from(employees)
    .where(employeeId === undefined ? eq(employees.userId, ctx.user.id) : eq(employees.id, employeeId));
  if (!employee) throw new NotFound(employeeId === undefined ? missing : undefined);
  if (employeeId !== undefined && !(await mayViewEmployee(ctx, employee))) throw new NotFound();
  return employee;
}

/** GET vacations/, vacations/year/{y}/, vacations/year/{y}/month/{m}/: the leave history, earliest first. */
export async function myVacations({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { employee?: number; year?: number; month?: number };
}): Promise<TVacation[]> {
  const owner = await leaveOwner(ctx, input.employee);
  const { first, last } =
    input.year === undefined
      ? { first: '0001-01-01', last: '9999-12-31' }
      : input.month === undefined
        ? { first: `${input.year}-01-01`, last: `${input.year}-12-31` }
        : monthBounds(input.year, input.month);
  return withParts(ctx, owner.id, await listVacationsBetween(ctx.db, owner.id, first, last));
}

/** Paid leave across a 基準日 gets its parts, cut there as the balance cuts it (shared/paid-leave/split.ts). */
async function withParts(ctx: RequestContext, employeeId: number, rows: TVacation[]): Promise<TVacation[]> {
  if (!rows.some((v) => v.category === PAID_LEAVE_CATEGORY)) return rows;
  const { pieces } = await loadPaidLeaveRows(ctx.db, employeeId);
  return rows.map((v) => {
    const parts = v.category === PAID_LEAVE_CATEGORY ? pieces.get(v.id) : undefined;
    if (!parts || parts.length < 2) return v;
    return {
      ...v,
      parts: parts.map((p) => ({ start_date: p.start_date, end_date: p.end_date, days: p.days })),
    };
  });
}

/**
 * GET /api/paid-vacation/status/: the paid leave of the caller (or of `?employee=` for those who may
 * see them); 404 '有休情報取得できません。' without an employee record.
 */
export async function myPaidLeave({
  ctx,
  input = {},
}: {
  ctx: RequestContext;
  input?: { employee?: number };
}): Promise<TPaidLeaveStatus> {
  const owner = await leaveOwner(ctx, input.employee, MSG.paidLeaveUnavailable);
  const today = tokyoDate();
  const ledger = await loadPaidLeaveLedger(ctx.db, owner.id, today);
  const balance = await paidLeaveBalance(ctx.db, owner.id, owner.userId ?? -1);
  const weekly = weeklyDaysOfPositions(
    await ctx.db
      .select({ isPartTime: positions.isPartTime, weeklyWorkDays: positions.weeklyWorkDays })
      .from(positions)
      .where(eq(positions.employeeId, owner.id)),
  );
  const next = owner.joinDate ? nextScheduledGrant(owner.joinDate, weekly, today) : null;
  return {
    ...balance,
    remaining_days: ledger.remaining_days,
    expiring_days: ledger.expiring_days,
    grants: ledger.grants.map((g) => ({
      granted_on: g.granted_on,
      expires_on: g.expires_on,
      days: g.days,
      used_days: g.used_days,
      remaining_days: g.remaining_days,
    })),
    next_grant: next ? { date: next.granted_on, days: next.days } : null,
    obligation: ledger.obligation,
  };
}

/** GET /api/paid-vacation/end-date/: the next day unused paid leave lapses on, and how many days. */
export async function myPaidLeaveEndDate({
  ctx,
  input = {},
}: {
  ctx: RequestContext;
  input?: { employee?: number };
}): Promise<TPaidLeaveEndDate> {
  const owner = await leaveOwner(ctx, input.employee, MSG.paidLeaveUnavailable);
  const ledger = await loadPaidLeaveLedger(ctx.db, owner.id, tokyoDate());
  const lapsing = ledger.grants.find((g) => g.remaining_days > 0);
  return lapsing
    ? { end_date: lapsing.expires_on, days: lapsing.remaining_days }
    : { end_date: null, days: 0 };
}
