// The Lark queue's processor: one send or patch per job. The per-user limit (5/s) puts a job back as
// delayed without using an attempt; the app-wide limit (lark/app-limit.ts, shared by every worker)
// is a reserved instant the job sleeps until. A rate-limit answer from Lark holds every worker's
// sends back for a moment and delays the job, again without using an attempt; its retry carries the
// same uuid, so Lark posts it once even if the refused call did go through.
// Other failures are retried with the queue's exponential backoff, except those that cannot succeed.
// An approval card too old to update (230031) is final; its node, if it still awaits that person,
// gets a new card (cards.resend).
import { setTimeout as sleep } from 'node:timers/promises';
import { DelayedError, UnrecoverableError, type Job } from 'bullmq';
import {
  ZLarkPatchPayload,
  ZLarkSendPayload,
  type TLarkSendPayload,
} from '@portal/shared/contracts/bot-jobs';
import type { BotContext } from '../context.ts';
import type { Reservation } from './app-limit.ts';
import { LARK_CARD_TOO_OLD, LarkError } from './errors.ts';

/** How long the queue rests after Lark said "too many" (Lark gives no Retry-After). */
export const RATE_LIMIT_PAUSE_MS = 1000;

/** Lark's answer (or failure), once it has settled the send's place in the app's limit. */
async function settled<T>(slot: Reservation, call: Promise<T>): Promise<T> {
  try {
    return await call;
  } finally {
    await slot.settle();
  }
}

async function send(payload: TLarkSendPayload, ctx: BotContext, slot: Reservation) {
  const messageId = await settled(slot, ctx.messenger.send(payload));
  if (payload.card) {
    const { stale } = await ctx.api.recordCardMessage({ ...payload.card, message_id: messageId });
    // The node was handled while this card was on its way: redraw it now.
    if (stale)
      await ctx.addEvent('cards.refresh', `cards-refresh:${messageId}`, { task_id: payload.card.task_id });
  }
  return { message_id: messageId };
}

export async function processLarkJob(job: Job, token: string | undefined, ctx: BotContext): Promise<unknown> {
  const isSend = job.name === 'lark.send';
  const parsed = (isSend ? ZLarkSendPayload : ZLarkPatchPayload).safeParse(job.data);
  if (!parsed.success) throw new UnrecoverableError(`bad payload for ${job.name}: ${parsed.error.message}`);

  if (isSend) {
    const wait = await ctx.pacing.take((parsed.data as TLarkSendPayload).open_id);
    if (wait > 0) {
      await job.moveToDelayed(Date.now() + wait, token);
      throw new DelayedError();
    }
  }
  const slot = await ctx.appLimit.reserve();
  if (slot.wait > 0) await sleep(slot.wait);
  try {
    if (isSend) return await send(parsed.data as TLarkSendPayload, ctx, slot);
    const patch = ZLarkPatchPayload.parse(job.data);
    await settled(slot, ctx.messenger.patch(patch.message_id, patch.content));
    return { patched: patch.message_id };
  } catch (error) {
    if (!(error instanceof LarkError)) throw error;
    switch (error.failure) {
      case 'rate_limited':
        ctx.logger.warn({ job: job.id, code: error.code }, 'lark rate limit: holding sends back');
        await ctx.appLimit.pause(RATE_LIMIT_PAUSE_MS);
        await job.moveToDelayed(Date.now() + RATE_LIMIT_PAUSE_MS, token);
        throw new DelayedError();
      case 'final': {
        // Recorded: the job stays in the failed list with the reason, and is not retried.
        ctx.logger.warn({ job: job.id, code: error.code }, error.message);
        const patch = isSend ? null : ZLarkPatchPayload.parse(job.data);
        if (patch?.card && error.code === LARK_CARD_TOO_OLD) {
          await ctx.addEvent('cards.resend', `cards-resend:${patch.message_id}`, {
            ...patch.card,
            message_id: patch.message_id,
          });
        }
        throw new UnrecoverableError(error.message);
      }
      case 'retry':
        throw error;
    }
  }
}
