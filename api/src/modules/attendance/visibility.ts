// Who may see whose attendance (issue #4): the employee themself, the approvers and observers of the
// report (and whoever the task engine lets see the task: proxies, past actors), holders of
// employee.view_attendance, and holders of employee.view_attendance_org_only for employees of their
// own organisations and below. Everyone else gets 404.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { hasPerm, PERM } from '@portal/shared/permissions';
import type { RequestContext } from '../../context.ts';
import { queryRows } from '../../db/query-rows.ts';
import { tasks } from '../../db/schema/tasks.ts';
import { workflows } from '../../db/schema/workflows.ts';
import { NotFound } from '../../errors.ts';
import { listPermissionCodenames } from '../account/account.repository.ts';
import { visibleTo } from '../tasks/access.ts';

export type AttendanceScope = 'all' | 'org' | 'none';

/** How far the caller's attendance permissions reach. */
export async function attendanceScope(ctx: RequestContext): Promise<AttendanceScope> {
  if (ctx.user.isSuperuser) return 'all';
  const perms = await listPermissionCodenames(ctx.db, ctx.user.id);
  const holder = { is_superuser: false, perms };
  if (hasPerm(holder, PERM.viewAttendance)) return 'all';
  return hasPerm(holder, PERM.viewAttendanceOrgOnly) ? 'org' : 'none';
}

/** SQL: the ids of the organisations the user belongs to and every one below them. */
export function orgTreeOf(userId: number): SQL {
  return sql`(
    with recursive tree(id, depth) as (
      select p.organization_id, 0 from positions p join employees me on me.id = p.employee_id
      where me.user_id = ${userId}
      union all
      select o.id, t.depth + 1 from organizations o join tree t on o.parent_id = t.id where t.depth < 20
    )
    select id from tree)`;
}

/** SQL condition on an employee id column: the employee works in one of the caller's organisations. */
export function inCallersOrgs(employeeId: SQL | unknown, userId: number): SQL {
  return sql`exists (select 1 from positions vp where vp.employee_id = ${employeeId}
    and vp.organization_id in ${orgTreeOf(userId)})`;
}

export async function mayViewEmployee(
  ctx: RequestContext,
  employee: { id: number; userId: number | null },
): Promise<boolean> {
  if (employee.userId === ctx.user.id) return true;
  const scope = await attendanceScope(ctx);
  if (scope === 'all') return true;
  if (scope === 'none') return false;
  const rows = await queryRows(ctx.db, sql`select 1 as ok where ${inCallersOrgs(employee.id, ctx.user.id)}`);
  return rows.length > 0;
}

export type AttendanceTask = typeof tasks.$inferSelect;

/** An attendance report (task of an 'attendance' workflow) the caller may see, else 404. */
export async function findVisibleReport(ctx: RequestContext, taskId: number): Promise<AttendanceTask> {
  const [row] = await ctx.db
    .select({ task: tasks, visible: sql<boolean>`${visibleTo(ctx.user.id)}` })
    .from(tasks)
    .innerJoin(workflows, eq(workflows.id, tasks.workflowId))
    .where(and(eq(tasks.id, taskId), eq(workflows.kind, 'attendance')));
  if (!row) throw new NotFound();
  if (row.visible) return row.task;
  if (row.task.employeeId !== null) {
    const ok = await mayViewEmployee(ctx, { id: row.task.employeeId, userId: row.task.applicantId });
    if (ok) return row.task;
  }
  throw new NotFound();
}
