// What a handler of an events-queue job is; worker.ts dispatches to them by job name.
import type { Job } from 'bullmq';
import type { TEventJobData, TEventJobName } from '@portal/shared/contracts/bot-jobs';
import type { BotContext } from './context.ts';

export type EventHandler<N extends TEventJobName> = (
  data: TEventJobData<N>,
  ctx: BotContext,
  job: Job,
) => Promise<unknown>;
