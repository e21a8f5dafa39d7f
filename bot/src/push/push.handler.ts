// Push in the dispatch table (worker.ts): `push.notify` sends one user's devices a notification, and
// every task event fans its bell notifications out into push.notify jobs first. Fan-out keys derive
// from the event's key, so a retried event (its Lark part failed) queues no second push.
import type { TEventJobData, TTaskEventAction } from '@portal/shared/contracts/bot-jobs';
import type { BotContext } from '../context.ts';
import type { EventHandler } from '../event-handler.ts';
import { apiPushDevices } from './push-devices.ts';
import { sendPush } from './send-push.ts';

export const pushNotifyHandler: EventHandler<'push.notify'> = async (data, ctx) => {
  if (!ctx.push) return { skipped: 'push is off (no FIREBASE_* settings)' };
  return sendPush(data.payload, {
    devices: apiPushDevices({ baseUrl: ctx.config.apiUrl, serviceToken: ctx.config.serviceToken }),
    transport: ctx.push,
    portalUrl: ctx.config.publicUrl,
  });
};

/** One push.notify job per user of each bell notification the event wrote. */
export async function fanOutPush(
  data: TEventJobData<`task.${TTaskEventAction}`>,
  ctx: BotContext,
): Promise<number> {
  if (!ctx.push) return 0;
  let queued = 0;
  for (const [index, bell] of data.payload.notify.entries()) {
    for (const userId of new Set(bell.user_ids)) {
      await ctx.addEvent('push.notify', `push:${data.key}:${index}:${userId}`, {
        user_id: userId,
        title: bell.title,
        body: '',
        forward: bell.forward,
      });
      queued++;
    }
  }
  return queued;
}

type TaskEventHandlers = { readonly [A in TTaskEventAction as `task.${A}`]?: EventHandler<`task.${A}`> };

/** Every task event's handler, preceded by the push fan-out (events with no handler get only that). */
export function withPushFanOut(
  handlers: TaskEventHandlers,
  actions: readonly TTaskEventAction[],
): TaskEventHandlers {
  return Object.fromEntries(
    actions.map((action) => {
      const name = `task.${action}` as const;
      const handler = handlers[name] as EventHandler<typeof name> | undefined;
      const withPush: EventHandler<typeof name> = async (data, ctx, job) => {
        const pushes = await fanOutPush(data, ctx);
        const result = handler ? await handler(data, ctx, job) : undefined;
        return pushes > 0 ? { result, pushes } : result;
      };
      return [name, withPush];
    }),
  ) as TaskEventHandlers;
}
