// The lark-approvals queue's worker (docs/bot.md "Lark-native"), started only with
// LARK_APPROVAL_CENTER=on: one sync per job (mirror.ts) and the check job every 5 minutes
// (check.ts). Lark allows each API 50 calls a second and 1,000 a minute: the limiter keeps the
// queue at 15 jobs a second (900 a minute, each job one instance call, a definition call now and
// then), and a 99991400 all the same pauses the queue and puts the job back without using an attempt.
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import type * as lark from '@larksuiteoapi/node-sdk';
import {
  LARK_APPROVALS_QUEUE,
  ZApprovalCheckPayload,
  ZApprovalMirrorPayload,
} from '@portal/shared/contracts/bot-jobs';
import type { BotContext } from '../context.ts';
import { RATE_LIMIT_PAUSE_MS } from '../lark/deliver.ts';
import { LarkError } from '../lark/errors.ts';
import { checkRecentRequests } from './check.ts';
import { createLarkApprovals } from './lark-approvals.ts';
import { mirrorRequest } from './mirror.ts';

export const CHECK_SCHEDULER = 'lark-approvals-check';
/** How often the check job runs, and how far back it looks. */
export const CHECK_EVERY_MS = 5 * 60_000;
export const CHECK_LOOKBACK_MINUTES = 10;
const JOBS_PER_SECOND = 15;
/** Lark refused what we sent (a bad parameter, an unknown definition): sending it again cannot help. */
const APPROVAL_REFUSALS = new Set([1390001, 1390002]);

export interface ApprovalCenter {
  readonly worker: Worker;
  close(): Promise<void>;
}

/** Keeps the check job's schedule in line with the setting (off: removed). */
export async function scheduleApprovalCheck(ctx: BotContext): Promise<void> {
  const queue = ctx.queues.approvals;
  if (!ctx.config.larkNative?.approvalCenter) {
    await queue.removeJobScheduler(CHECK_SCHEDULER);
    return;
  }
  await queue.upsertJobScheduler(
    CHECK_SCHEDULER,
    { every: CHECK_EVERY_MS },
    { name: 'approval.check', data: { minutes: CHECK_LOOKBACK_MINUTES } },
  );
}

export function startApprovalCenter(ctx: BotContext, client: lark.Client): ApprovalCenter {
  const larkApprovals = createLarkApprovals(client);
  const deps = { ...ctx, lark: larkApprovals };
  const process = async (job: Job, worker: Worker): Promise<unknown> => {
    try {
      if (job.name === 'approval.check') {
        const { minutes } = parse(ZApprovalCheckPayload, job);
        return { queued: await checkRecentRequests({ ...deps, queue: ctx.queues.approvals }, minutes) };
      }
      if (job.name !== 'approval.mirror') throw new UnrecoverableError(`unknown job name ${job.name}`);
      const { task_id, force } = parse(ZApprovalMirrorPayload, job);
      return { outcome: await mirrorRequest(deps, task_id, force ?? false) };
    } catch (error) {
      if (!(error instanceof LarkError)) throw error;
      if (error.failure === 'rate_limited') {
        ctx.logger.warn({ job: job.id, code: error.code }, 'lark approvals rate limit: slowing the queue');
        await worker.rateLimit(RATE_LIMIT_PAUSE_MS);
        throw Worker.RateLimitError();
      }
      if (error.failure === 'final' || (error.code !== null && APPROVAL_REFUSALS.has(error.code)))
        throw new UnrecoverableError(error.message);
      throw error;
    }
  };
  const worker: Worker = new Worker(LARK_APPROVALS_QUEUE, (job) => process(job, worker), {
    connection: ctx.redis,
    prefix: ctx.config.queuePrefix,
    // One at a time: syncs of one request never overtake each other, and the limiter is the pace anyway.
    concurrency: 1,
    lockDuration: ctx.config.lockMs,
    stalledInterval: ctx.config.lockMs,
    limiter: { max: JOBS_PER_SECOND, duration: 1000 },
  });
  worker.on('failed', (job, err) =>
    ctx.logger.warn({ job: job?.id, name: job?.name, attempts: job?.attemptsMade, err }, 'job failed'),
  );
  worker.on('error', (err) => ctx.logger.error({ err }, 'worker error'));
  return { worker, close: () => worker.close() };
}

function parse<T>(
  schema: { safeParse(data: unknown): { success: true; data: T } | { success: false; error: Error } },
  job: Job,
): T {
  const parsed = schema.safeParse(job.data);
  if (!parsed.success) throw new UnrecoverableError(`bad payload for ${job.name}: ${parsed.error.message}`);
  return parsed.data;
}
