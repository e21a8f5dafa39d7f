// Task transitions (outbox topic `task.<action>`): cards for whoever a node now awaits, updates of
// the cards already sent, and the applicant's result message (push: push/push.handler.ts).
import { jobIdOf, TASK_EVENT_ACTIONS, type TTaskEventAction } from '@portal/shared/contracts/bot-jobs';
import { queueBadges } from '../badge/badge.handler.ts';
import type { BotContext } from '../context.ts';
import type { EventHandler } from '../event-handler.ts';
import { reconcileTaskCards, resendCard } from './task-cards.ts';
import { kindHas } from '@portal/shared/workflow/kind-traits';

/** Actions after which the applicant hears the outcome (when the status says it ended or came back). */
const DECISIONS: ReadonlySet<TTaskEventAction> = new Set(['approve', 'auto_approve', 'send_back', 'reject']);
const DECIDED_STATUSES: ReadonlySet<string> = new Set(['90', '02', '10']);

/** Compact event key for message keys: `task-event:42` → `te42`. */
function shortKey(key: string): string {
  const id = /^task-event:(\d+)$/.exec(key)?.[1];
  return id ? `te${id}` : key.replace(/[^\w-]/g, '');
}

const handleTaskEvent: EventHandler<`task.${TTaskEventAction}`> = async (
  { key, payload },
  ctx: BotContext,
) => {
  const data = await reconcileTaskCards(ctx, payload.task_id, {
    key: shortKey(key),
    status: payload.status,
    tellApplicant: DECISIONS.has(payload.action) && DECIDED_STATUSES.has(payload.status),
  });
  if (ctx.appBadge) await queueBadges(ctx, data);
  // Lark time off (timeoff/): a leave kind's events follow its status.
  if (ctx.config.larkNative?.timeoff && kindHas(data.task.workflow_kind, 'timeOff'))
    await ctx.addEvent('timeoff.sync', `timeoff:${key}`, { task_id: payload.task_id });
  // The Approval Center (approval-center/): one sync per event, reading the state when it runs.
  if (ctx.config.larkNative?.approvalCenter) {
    await ctx.queues.approvals.add(
      'approval.mirror',
      { task_id: payload.task_id },
      { jobId: jobIdOf(`mirror:${key}`) },
    );
  }
};

export const taskEventHandlers = Object.fromEntries(
  TASK_EVENT_ACTIONS.map((action) => [`task.${action}`, handleTaskEvent]),
) as { readonly [A in TTaskEventAction as `task.${A}`]: EventHandler<`task.${A}`> };

export const handleCardsRefresh: EventHandler<'cards.refresh'> = async ({ payload }, ctx) => {
  await reconcileTaskCards(ctx, payload.task_id);
};

export const handleCardsResend: EventHandler<'cards.resend'> = async ({ payload }, ctx) => {
  await resendCard(ctx, payload);
};
