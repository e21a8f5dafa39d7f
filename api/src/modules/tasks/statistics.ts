// Real counts for account/statistics (sidebar badges) and account/task/statistics (home screen),
// each in one query.
import type { TStatistics, TTaskStatistics } from '@portal/shared/contracts/account';
import type { RequestContext } from '../../context.ts';
import { countLists } from './list-tasks.ts';

export async function taskStatistics({ ctx }: { ctx: RequestContext }): Promise<TTaskStatistics> {
  const counts = await countLists(
    ctx.db,
    ['unresolved', 'approval', 'approval-finished', 'finished', 'observer'],
    ctx.user.id,
  );
  return {
    unresolved: counts.unresolved,
    approval: counts.approval,
    approval_finished: counts['approval-finished'],
    finished: counts.finished,
    observer: counts.observer,
  };
}

export async function sidebarStatistics({ ctx }: { ctx: RequestContext }): Promise<TStatistics> {
  const counts = await countLists(ctx.db, ['unresolved', 'approval'], ctx.user.id);
  return { unresolved_tasks: counts.unresolved, approval_tasks: counts.approval };
}
