// The two workers. Events-queue jobs go through the dispatch table below: one handler per job name,
// each in its own file under jobs/ (or push/, reminders/); the payload is checked against the
// shared contract before the handler runs, and a payload that does not parse fails for good. The
// Lark queue does single Lark calls, each waiting for its slot of the app's limit (lark/deliver.ts).
import { UnrecoverableError, Worker, type Job } from 'bullmq';
import {
  EVENTS_QUEUE,
  LARK_QUEUE,
  TASK_EVENT_ACTIONS,
  isEventJobName,
  zEventJobData,
  type TEventJobData,
  type TEventJobName,
} from '@portal/shared/contracts/bot-jobs';
import { badgeSetHandler } from './badge/badge.handler.ts';
import type { BotContext } from './context.ts';
import { timeoffSyncHandler } from './timeoff/timeoff.handler.ts';
import type { EventHandler } from './event-handler.ts';
import { handleCardsRefresh, handleCardsResend, taskEventHandlers } from './jobs/task-event.handler.ts';
import { processLarkJob } from './lark/deliver.ts';
import { pushNotifyHandler, withPushFanOut } from './push/push.handler.ts';
import { larkNoticeHandler } from './records/lark-notice.handler.ts';
import { attendanceRemindHandler } from './reminders/attendance-remind.handler.ts';

type DispatchTable = { readonly [N in TEventJobName]?: EventHandler<N> };

/** Job name → handler. Add a job: its schema in bot-jobs.ts, its handler file, one line here. */
const EVENT_HANDLERS: DispatchTable = {
  ...withPushFanOut(taskEventHandlers, TASK_EVENT_ACTIONS),
  'cards.refresh': handleCardsRefresh,
  'push.notify': pushNotifyHandler,
  'attendance.remind': attendanceRemindHandler,
  'records.lark_notice': larkNoticeHandler,
  'cards.resend': handleCardsResend,
  'badge.set': badgeSetHandler,
  'timeoff.sync': timeoffSyncHandler,
};

async function dispatch(job: Job, ctx: BotContext): Promise<unknown> {
  const name = job.name;
  if (!isEventJobName(name)) throw new UnrecoverableError(`unknown job name ${name}`);
  const handler = EVENT_HANDLERS[name] as EventHandler<typeof name> | undefined;
  if (!handler) throw new UnrecoverableError(`no handler for ${name}`);
  const parsed = zEventJobData(name).safeParse(job.data);
  if (!parsed.success) throw new UnrecoverableError(`bad payload for ${name}: ${parsed.error.message}`);
  return handler(parsed.data as TEventJobData<typeof name>, ctx, job);
}

export interface Workers {
  readonly events: Worker;
  readonly lark: Worker;
  close(): Promise<void>;
}

export function startWorkers(ctx: BotContext): Workers {
  const { config, redis } = ctx;
  const common = {
    connection: redis,
    prefix: config.queuePrefix,
    concurrency: config.concurrency,
    // A crashed bot's active jobs are handed to another worker once their lock lapses.
    lockDuration: config.lockMs,
    stalledInterval: config.lockMs,
  };
  const events = new Worker(EVENTS_QUEUE, (job) => dispatch(job, ctx), common);
  // No BullMQ limiter: each job reserves its instant in the app's limit shared through Redis
  // (lark/app-limit.ts), so the fetched jobs wait in line instead of the worker polling the queue.
  const lark = new Worker(LARK_QUEUE, (job, token) => processLarkJob(job, token, ctx), common);
  for (const worker of [events, lark]) {
    worker.on('failed', (job, err) =>
      ctx.logger.warn({ job: job?.id, name: job?.name, attempts: job?.attemptsMade, err }, 'job failed'),
    );
    worker.on('error', (err) => ctx.logger.error({ err }, 'worker error'));
  }
  return {
    events,
    lark,
    async close() {
      await Promise.all([events.close(), lark.close()]);
    },
  };
}
