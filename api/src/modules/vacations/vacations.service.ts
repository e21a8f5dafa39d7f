// The leave history that approved vacation requests write (spec §7.6 employees/{code}/vacations/…)
// and the caller's paid-leave balance. The history is shown to the employee themself, to holders of
// employee.view_attendance, and to holders of employee.view_attendance_org_only for employees of
// their own organisations and below; anyone else gets 404.
import { eq, sql } from 'drizzle-orm';
import { monthBounds } from '@portal/shared/attendance/dates';
import type { TPaidLeaveBalance, TVacation } from '@portal/shared/contracts/vacations';
import { MSG } from '@portal/shared/messages';
import { hasPerm, PERM } from '@portal/shared/permissions';
import type { RequestContext } from '../../context.ts';
import { queryRows } from '../../db/query-rows.ts';
import { employees } from '../../db/schema/employees.ts';
import { NotFound } from '../../errors.ts';
import { listPermissionCodenames } from '../account/account.repository.ts';
import { paidLeaveBalance } from './vacation-checks.ts';
import { listVacationsBetween } from './vacations.repository.ts';

async function mayReadEmployee(ctx: RequestContext, employee: { id: number; userId: number | null }) {
  if (ctx.user.isSuperuser || employee.userId === ctx.user.id) return true;
  const perms = await listPermissionCodenames(ctx.db, ctx.user.id);
  if (hasPerm({ is_superuser: false, perms }, PERM.viewAttendance)) return true;
  if (!hasPerm({ is_superuser: false, perms }, PERM.viewAttendanceOrgOnly)) return false;
  const rows = await queryRows(
    ctx.db,
    sql`
    with recursive tree(id, depth) as (
      select p.organization_id, 0 from positions p join employees e on e.id = p.employee_id
      where e.user_id = ${ctx.user.id}
      union all
      select o.id, t.depth + 1 from organizations o join tree t on o.parent_id = t.id where t.depth < 20
    )
    select 1 from positions p join tree on tree.id = p.organization_id
    where p.employee_id = ${employee.id} limit 1`,
  );
  return rows.length > 0;
}

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
  if (!employee || !(await mayReadEmployee(ctx, employee))) throw new NotFound();
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
