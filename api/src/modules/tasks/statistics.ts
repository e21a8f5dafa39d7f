// Real counts for account/statistics (sidebar badges) and account/task/statistics (home screen).
import type { TStatistics, TTaskStatistics } from '@portal/shared/contracts/account';
import type { RequestContext } from '../../context.ts';
import { countList } from './list-tasks.ts';

export async function taskStatistics({ ctx }: { ctx: RequestContext }): Promise<TTaskStatistics> {
  const id = ctx.user.id;
  const [unresolved, approval, approvalFinished, finished, observer] = await Promise.all([
    countList(ctx.db, 'unresolved', id),
    countList(ctx.db, 'approval', id),
    countList(ctx.db, 'approval-finished', id),
    countList(ctx.db, 'finished', id),
    countList(ctx.db, 'observer', id),
  ]);
  return { unresolved, approval, approval_finished: approvalFinished, finished, observer };
}

export async function sidebarStatistics({ ctx }: { ctx: RequestContext }): Promise<TStatistics> {
  const [unresolved, approval] = await Promise.all([
    countList(ctx.db, 'unresolved', ctx.user.id),
    countList(ctx.db, 'approval', ctx.user.id),
  ]);
  return { unresolved_tasks: unresolved, approval_tasks: approval };
}
