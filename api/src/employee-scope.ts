// Who may see an employee's records (attendance, reports, leave history): the employee themself,
// holders of employee.view_attendance (everyone), and holders of employee.view_attendance_org_only
// for the employees of their own organisations and every one below. Attendance and vacations both ask
// here, so the rule and its org-tree SQL exist once.
import { sql, type SQL } from 'drizzle-orm';
import { PERM } from '@portal/shared/permissions';
import type { RequestContext } from './context.ts';
import { queryRows } from './db/query-rows.ts';

export type EmployeeScope = 'all' | 'org' | 'none';

/** How far the caller's permissions reach over other employees. */
export async function employeeScope(ctx: RequestContext): Promise<EmployeeScope> {
  if (await ctx.can(PERM.viewAttendance)) return 'all';
  return (await ctx.can(PERM.viewAttendanceOrgOnly)) ? 'org' : 'none';
}

/** SQL condition on an employee id column: the employee works in one of the user's organisations or below. */
export function inCallersOrgs(employeeId: SQL | unknown, userId: number): SQL {
  return sql`exists (select 1 from positions vp where vp.employee_id = ${employeeId}
    and vp.organization_id in (
      with recursive tree(id, depth) as (
        select p.organization_id, 0 from positions p join employees me on me.id = p.employee_id
        where me.user_id = ${userId}
        union all
        select o.id, t.depth + 1 from organizations o join tree t on o.parent_id = t.id where t.depth < 20
      )
      select id from tree))`;
}

export async function mayViewEmployee(
  ctx: RequestContext,
  employee: { id: number; userId: number | null },
): Promise<boolean> {
  if (employee.userId === ctx.user.id) return true;
  const scope = await employeeScope(ctx);
  if (scope !== 'org') return scope === 'all';
  const rows = await queryRows(ctx.db, sql`select 1 as ok where ${inCallersOrgs(employee.id, ctx.user.id)}`);
  return rows.length > 0;
}

/**
 * Who may read an employee's personal records (profile, emergency contacts, bank accounts, commuting):
 * the employee themself and holders of employee.view_employee (HR). Anyone else is answered 404.
 */
export async function mayViewEmployeeRecord(
  ctx: RequestContext,
  employee: { userId: number | null },
): Promise<boolean> {
  if (employee.userId === ctx.user.id) return true;
  return ctx.can(PERM.viewEmployee);
}
