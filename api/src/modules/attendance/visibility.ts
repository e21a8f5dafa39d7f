// Who may see whose attendance (issue #4): the employee themself, the approvers and observers of the
// report (and whoever the task engine lets see the task: proxies, past actors), holders of
// employee.view_attendance, and holders of employee.view_attendance_org_only for employees of their
// own organisations and below (employee-scope.ts). Everyone else gets 404.
import { and, eq, sql } from 'drizzle-orm';
import type { RequestContext } from '../../context.ts';
import { tasks } from '../../db/schema/tasks.ts';
import { workflows } from '../../db/schema/workflows.ts';
import { mayViewEmployee } from '../../employee-scope.ts';
import { NotFound } from '../../errors.ts';
import { visibleTo } from '../tasks/access.ts';

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
