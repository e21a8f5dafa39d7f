// The applicant's own task, locked for a transition: only the applicant may act (others who can
// see the task get 403), and only in the statuses the action allows (else 409).
import type { RequestContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { tasks } from '../../db/schema/tasks.ts';
import { Conflict, PermissionDenied } from '../../errors.ts';
import { findVisibleTask } from './access.ts';
import { lockTask } from './flow.ts';

type TaskRow = typeof tasks.$inferSelect;

export async function findOwnTask(ctx: RequestContext, taskId: number): Promise<TaskRow> {
  const task = await findVisibleTask(ctx.db, taskId, ctx.user.id);
  if (task.applicantId !== ctx.user.id) throw new PermissionDenied();
  return task;
}

export async function lockOwnTask(tx: Db, taskId: number, statuses: readonly string[], message: string) {
  const task = await lockTask(tx, taskId);
  if (!task || !statuses.includes(task.status)) throw new Conflict(message);
  return task;
}
