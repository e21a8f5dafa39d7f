// One handler for a card click, however it arrived (long connection or HTTP). It acts through the
// API's approval endpoint — the one the web uses — as the Lark user who clicked, then answers with
// the card redrawn from the fresh state (lark.md: within 3 seconds). A send back without a comment
// (or a reject without a reason) is refused on the card before the API is asked.
import { z } from 'zod';
import type { TBotTaskCard, TCardRecipient } from '@portal/shared/contracts/bot-jobs';
import type { TApprovalRequest } from '@portal/shared/contracts/tasks';
import { BOT_MSG, MSG, SUCCESS } from '@portal/shared/messages';
import type { PortalApi } from '../api/portal-api.ts';
import { ApiRefused } from '../api/service-call.ts';
import type { Card } from '../cards/card-kit.ts';
import type { BotConfig } from '../config/bot-config.ts';
import type { Logger } from '../logger.ts';
import { cardFor } from '../jobs/task-cards.ts';

/** `card.action.trigger` as the SDK hands it over (flattened) or as our HTTP route reads it (event). */
export const ZCardActionEvent = z.object({
  operator: z.object({ open_id: z.string().min(1) }),
  action: z.object({
    value: z.object({
      action: z.enum(['approve', 'send_back', 'reject']),
      task_id: z.coerce.number().int().positive(),
      node_id: z.coerce.number().int().positive(),
    }),
    form_value: z.record(z.string(), z.unknown()).nullish(),
  }),
});
export type TCardActionEvent = z.infer<typeof ZCardActionEvent>;

export interface CardAnswer {
  readonly toast?: { readonly type: 'success' | 'info' | 'warning' | 'error'; readonly content: string };
  readonly card?: { readonly type: 'raw'; readonly data: Card };
}

const toast = (type: NonNullable<CardAnswer['toast']>['type'], content: string): CardAnswer => ({
  toast: { type, content },
});

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The approval request the click stands for, or the refusal to show on the card. */
export function approvalRequestOf(event: TCardActionEvent): TApprovalRequest | CardAnswer {
  const form = event.action.form_value ?? {};
  const comment = text(form.comment);
  switch (event.action.value.action) {
    case 'approve':
      return { action: 'approve', comment: comment || null };
    case 'send_back':
      return comment ? { action: 'send_back', comment } : toast('error', BOT_MSG.commentRequired);
    case 'reject': {
      // Vacation requests choose one of the fixed reasons; other requests give it in the comment.
      const reason = text(form.reason) || comment;
      return reason
        ? { action: 'reject', reason, comment: text(form.reason) ? comment || null : null }
        : toast('error', BOT_MSG.reasonRequired);
    }
  }
}

const DONE: Record<TApprovalRequest['action'], string> = {
  approve: SUCCESS.approved,
  send_back: SUCCESS.sentBack,
  reject: BOT_MSG.rejected,
};

function recipientOf(data: TBotTaskCard, nodeId: number, openId: string): TCardRecipient {
  const node = data.nodes.find((n) => n.id === nodeId);
  return (
    node?.recipients.find((r) => r.open_id === openId) ?? {
      user_id: 0,
      name: '',
      open_id: openId,
      lookup_email: null,
      principal_name: null,
    }
  );
}

export interface CardActionDeps {
  readonly api: PortalApi;
  readonly config: BotConfig;
  readonly logger: Logger;
}

export async function handleCardAction(input: unknown, deps: CardActionDeps): Promise<CardAnswer> {
  const parsed = ZCardActionEvent.safeParse(input);
  if (!parsed.success) return {};
  const event = parsed.data;
  const { task_id: taskId, node_id: nodeId } = event.action.value;
  const openId = event.operator.open_id;

  const request = approvalRequestOf(event);
  if (!('action' in request)) return request;

  const redraw = async (alreadyHandled: boolean) => {
    const data = await deps.api.taskCard(taskId);
    const card = cardFor(deps.config, data, nodeId, recipientOf(data, nodeId, openId), alreadyHandled);
    return { type: 'raw' as const, data: card };
  };

  try {
    await deps.api.act(openId, taskId, nodeId, request);
    return { ...toast('success', DONE[request.action]), card: await redraw(false) };
  } catch (error) {
    if (error instanceof ApiRefused && error.status === 409) {
      return { ...toast('info', BOT_MSG.alreadyHandled), card: await redraw(true) };
    }
    if (error instanceof ApiRefused && error.status < 500) {
      // 400 (a field the API refused), 403 (not this user's node), 404: say why, keep the card.
      return toast('error', error.detail);
    }
    deps.logger.error({ err: error, taskId, nodeId }, 'card action failed');
    return toast('error', `${MSG.unexpected}${BOT_MSG.failed}`);
  }
}
