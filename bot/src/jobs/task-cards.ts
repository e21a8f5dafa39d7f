// Brings a task's Lark messages in line with its state. Every event runs the same reconciliation,
// so events may arrive twice, late or out of order:
// - each person a node awaits gets one card per round: the message key is the node, the person and
//   when the node started awaiting (also the job id), and a card already recorded for this round
//   is never sent again;
// - each card already sent whose node is no longer awaiting is redrawn (one patch per state);
// - the applicant hears the result once per event that ended or sent back the request.
import type {
  TBotCardMessages,
  TBotTaskCard,
  TCardNode,
  TCardRecipient,
} from '@portal/shared/contracts/bot-jobs';
import { nodeCard } from '../cards/approval-card.ts';
import { openInLark, portalPath } from '../cards/links.ts';
import { resultCard } from '../cards/result-card.ts';
import type { BotConfig } from '../config.ts';
import type { BotContext } from '../context.ts';

/** Lark's uuid is at most 50 characters: a compact, stable key. */
export function cardKey(node: TCardNode, userId: number): string {
  const round = node.reached_at ? Date.parse(node.reached_at).toString(36) : '0';
  return `c${node.id}-${userId}-${round}`;
}

function openUrl(config: BotConfig, path: string): string {
  return openInLark(config.lark.applink, config.publicUrl, path);
}

export function cardFor(
  config: BotConfig,
  data: TBotTaskCard,
  nodeId: number,
  recipient: TCardRecipient,
  alreadyHandled = false,
) {
  return nodeCard({
    data,
    nodeId,
    recipient,
    openUrl: openUrl(config, portalPath.approval(data.task.id, nodeId)),
    alreadyHandled,
  });
}

const isAwaiting = (data: TBotTaskCard, node: TCardNode) => node.status === '01' && data.task.status === '01';

async function sendNewCards(ctx: BotContext, data: TBotTaskCard, sent: TBotCardMessages): Promise<void> {
  for (const node of data.nodes.filter((n) => isAwaiting(data, n))) {
    for (const recipient of node.recipients) {
      if (!recipient.open_id) continue;
      const already = sent.some(
        (m) =>
          m.task_node_id === node.id &&
          m.user_id === recipient.user_id &&
          node.reached_at !== null &&
          m.created_at >= node.reached_at,
      );
      if (already) continue;
      await ctx.sendLark({
        key: cardKey(node, recipient.user_id),
        open_id: recipient.open_id,
        msg_type: 'interactive',
        content: { ...cardFor(ctx.config, data, node.id, recipient) },
        card: { task_id: data.task.id, task_node_id: node.id, user_id: recipient.user_id },
      });
    }
  }
}

async function redrawHandledCards(
  ctx: BotContext,
  data: TBotTaskCard,
  sent: TBotCardMessages,
): Promise<void> {
  for (const message of sent) {
    const node = data.nodes.find((n) => n.id === message.task_node_id);
    if (!node || isAwaiting(data, node)) continue;
    const recipient = node.recipients.find((r) => r.user_id === message.user_id) ?? {
      user_id: message.user_id,
      name: '',
      open_id: null,
      principal_name: null,
    };
    // One patch per message and state: the same state seen again (another event) is a no-op.
    const state = `${node.status}${data.task.status}${node.acted_at ? Date.parse(node.acted_at).toString(36) : ''}`;
    await ctx.patchLark(`p${message.message_id}-${state}`, {
      message_id: message.message_id,
      content: { ...cardFor(ctx.config, data, node.id, recipient) },
    });
  }
}

/** The applicant's result message for the event `eventKey` (approved to the end, sent back, rejected). */
async function tellApplicant(
  ctx: BotContext,
  data: TBotTaskCard,
  eventKey: string,
  status: string,
): Promise<void> {
  if (!data.task.applicant_open_id || status !== data.task.status) return;
  const message = resultCard(data, openUrl(ctx.config, portalPath.mine(data.task.id, data.task.status)));
  if (!message) return;
  await ctx.sendLark({
    key: `r${eventKey}`.slice(0, 50),
    open_id: data.task.applicant_open_id,
    msg_type: 'interactive',
    content: { ...message },
    card: null,
  });
}

export async function reconcileTaskCards(
  ctx: BotContext,
  taskId: number,
  event?: { key: string; status: string; tellApplicant: boolean },
): Promise<TBotTaskCard> {
  const [data, sent] = await Promise.all([ctx.api.taskCard(taskId), ctx.api.cardMessages(taskId)]);
  await sendNewCards(ctx, data, sent);
  await redrawHandledCards(ctx, data, sent);
  if (event?.tellApplicant) await tellApplicant(ctx, data, event.key, event.status);
  return data;
}
