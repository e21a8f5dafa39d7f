// The leave history that approved vacation requests write (spec §7.6 employees/{code}/vacations/…)
// and the caller's paid-leave balance. The history is shown to the employee themself, to holders of
// employee.view_attendance, and to holders of employee.view_attendance_org_only for employees of
// their own organisations and below (employee-scope.ts); anyone else gets 404.
import { eq } from 'drizzle-orm';
import { monthBounds } from '@portal/shared/attendance/dates';
import type { TPaidLeaveBalance, TVacation } from '@portal/shared/contracts/vacations';
import { MSG } from '@portal/shared/messages';
import type { RequestContext } from '../../context.ts';
import { employees } from '../../db/schema/employees.ts';
import { mayViewEmployee } from '../../employee-scope.ts';
import { NotFound } from '../../errors.ts';
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

/** GET /api/paid-vacation/status/: the caller's paid leave; 404 '有休情報取得できません。' without an employee record. */
export async function myPaidLeave({ ctx }: { ctx: RequestContext }): Promise<TPaidLeaveBalance> {
  const [employee] = await ctx.db
    .select({ id: employees.id })
    .from(employees)
    .where(eq(employees.userId, ctx.user.id));
  if (!employee) throw new NotFound(MSG.paidLeaveUnavailable);
  return paidLeaveBalance(ctx.db, employee.id, ctx.user.id);
}
