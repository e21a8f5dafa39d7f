// After a task event (LARK_BADGE=on): the 承認待ち of everyone the task's nodes await or awaited —
// approvers and today's proxies — may have changed. One badge.set per user, merged: events within
// BADGE_MERGE_MS make one job, which reads the count when it runs.
import type { TBotTaskCard } from '@portal/shared/contracts/bot-jobs';
import type { BotContext } from '../context.ts';
import type { EventHandler } from '../event-handler.ts';

export const BADGE_MERGE_MS = 300;

export async function queueBadges(ctx: BotContext, data: TBotTaskCard): Promise<void> {
  const userIds = new Set(data.nodes.flatMap((n) => n.recipients.map((r) => r.user_id)));
  for (const userId of userIds) {
    await ctx.queues.events.add(
      'badge.set',
      { key: `badge:${userId}`, payload: { user_id: userId } },
      { deduplication: { id: `badge-${userId}`, ttl: BADGE_MERGE_MS }, delay: BADGE_MERGE_MS },
    );
  }
}

export const badgeSetHandler: EventHandler<'badge.set'> = async ({ payload }, ctx) => {
  if (!ctx.appBadge) return;
  const person = await ctx.api.approvalCount(payload.user_id);
  const openId = (await ctx.openIds.resolve([person])).get(person.user_id);
  if (!openId) return;
  await ctx.appBadge.set(openId, person.user_id, person.approval_tasks);
};
