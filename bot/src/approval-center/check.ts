// The check job (every 5 minutes): the requests changed in the last 10 go to Lark's check, and each
// one Lark lacks or holds older is synced again, whatever was sent last (a sync lost on the way).
import { jobIdOf } from '@portal/shared/contracts/bot-jobs';
import type { Queue } from 'bullmq';
import type { PortalApi } from '../api/portal-api.ts';
import { instanceId, taskIdOf } from './instance.ts';
import type { LarkApprovals } from './lark-approvals.ts';

/** Lark's check takes at most 100 instances a call. */
const CHECK_BATCH = 100;

export async function checkRecentRequests(
  deps: { api: PortalApi; lark: LarkApprovals; queue: Queue },
  minutes: number,
): Promise<number> {
  const changed = await deps.api.changedTasks(minutes);
  let queued = 0;
  for (let i = 0; i < changed.length; i += CHECK_BATCH) {
    const batch = changed.slice(i, i + CHECK_BATCH).map((t) => ({
      instance_id: instanceId(t.task_id),
      update_time: String(Date.parse(t.updated_at)),
    }));
    const lacking = await deps.lark.check(batch);
    for (const id of lacking) {
      const taskId = taskIdOf(id);
      const at = batch.find((b) => b.instance_id === id)?.update_time ?? '0';
      if (!Number.isInteger(taskId)) continue;
      await deps.queue.add(
        'approval.mirror',
        { task_id: taskId, force: true },
        { jobId: jobIdOf(`mirror:check:${taskId}:${at}`) },
      );
      queued += 1;
    }
  }
  return queued;
}
