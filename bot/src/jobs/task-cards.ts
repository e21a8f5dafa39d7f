// Brings a task's Lark messages in line with its state. Every event runs the same reconciliation,
// so events may arrive twice, late or out of order (who is in Lark: lark/open-ids.ts):
// - each person a node awaits gets one card per round: the message key is the node, the person and
//   when the node started awaiting (also the job id), and a card already recorded for this round
//   is never sent again;
// - each card already sent whose node is no longer awaiting is redrawn (one patch per state);
// - the applicant hears the result once per event that ended or sent back the request.
import { createHash } from 'node:crypto';
import type {
  TBotCardMessages,
  TBotTaskCard,
  TCardNode,
  TCardRecipient,
} from '@portal/shared/contracts/bot-jobs';
import { taskLink } from '@portal/shared/workflow/task-links';
import { nodeCard } from '../cards/approval-card.ts';
import { openInLark } from '../cards/links.ts';
import { resultCard } from '../cards/result-card.ts';
import type { BotConfig } from '../config/bot-config.ts';
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
    openUrl: openUrl(config, taskLink.approval(data.task.id, nodeId)),
    alreadyHandled,
  });
}

const isAwaiting = (data: TBotTaskCard, node: TCardNode) => node.status === '01' && data.task.status === '01';

interface OwedCard {
  readonly node: TCardNode;
  readonly recipient: TCardRecipient;
}

/** Each person an awaiting node awaits who has no card for this round yet. */
function cardsOwed(data: TBotTaskCard, sent: TBotCardMessages): OwedCard[] {
  return data.nodes
    .filter((node) => isAwaiting(data, node))
    .flatMap((node) =>
      node.recipients
        .filter(
          (recipient) =>
            !sent.some(
              (m) =>
                m.task_node_id === node.id &&
                m.user_id === recipient.user_id &&
                node.reached_at !== null &&
                m.created_at >= node.reached_at,
            ),
        )
        .map((recipient) => ({ node, recipient })),
    );
}

async function sendNewCards(
  ctx: BotContext,
  data: TBotTaskCard,
  owed: readonly OwedCard[],
  openIds: ReadonlyMap<number, string>,
): Promise<void> {
  for (const { node, recipient } of owed) {
    const openId = openIds.get(recipient.user_id);
    if (!openId) continue; // not in Lark (lark/open-ids.ts): skipped
    await ctx.sendLark({
      key: cardKey(node, recipient.user_id),
      open_id: openId,
      msg_type: 'interactive',
      content: { ...cardFor(ctx.config, data, node.id, { ...recipient, open_id: openId }) },
      card: { task_id: data.task.id, task_node_id: node.id, user_id: recipient.user_id },
    });
  }
}

/**
 * A card Lark can no longer update (older than 14 days): while its node still awaits that person in
 * the card's round, they get a new one, keyed by the old message so a repeat sends nothing more. The new message
 * replaces the old in the API's record (one live card per node and person).
 */
export async function resendCard(
  ctx: BotContext,
  expired: { task_id: number; task_node_id: number; user_id: number; message_id: string },
): Promise<void> {
  const [data, sent] = await Promise.all([
    ctx.api.taskCard(expired.task_id),
    ctx.api.cardMessages(expired.task_id),
  ]);
  const node = data.nodes.find((n) => n.id === expired.task_node_id);
  if (!node || !isAwaiting(data, node)) return;
  const recipient = node.recipients.find((r) => r.user_id === expired.user_id);
  if (!recipient) return;
  const live = sent.find((m) => m.task_node_id === node.id && m.user_id === recipient.user_id);
  if (live && live.message_id !== expired.message_id) return; // already replaced
  // A card of an earlier round (the node was undone or came back since): this round's card is the
  // reconciliation's to send (cardsOwed), under its own key; sending here too would give two.
  if (live && node.reached_at !== null && live.created_at < node.reached_at) return;
  const openId = (await ctx.openIds.resolve([recipient])).get(recipient.user_id);
  if (!openId) return;
  const suffix = createHash('sha256').update(expired.message_id).digest('base64url').slice(0, 8);
  await ctx.sendLark({
    key: `${cardKey(node, recipient.user_id)}-${suffix}`,
    open_id: openId,
    msg_type: 'interactive',
    content: { ...cardFor(ctx.config, data, node.id, { ...recipient, open_id: openId }) },
    card: { task_id: data.task.id, task_node_id: node.id, user_id: recipient.user_id },
  });
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
      lookup_email: null,
      principal_name: null,
    };
    // One patch per message and state: the same state seen again (another event) is a no-op.
    const state = `${node.status}${data.task.status}${node.acted_at ? Date.parse(node.acted_at).toString(36) : ''}`;
    await ctx.patchLark(`p${message.message_id}-${state}`, {
      message_id: message.message_id,
      content: { ...cardFor(ctx.config, data, node.id, recipient) },
      card: { task_id: data.task.id, task_node_id: node.id, user_id: message.user_id },
    });
  }
}

/** The applicant's result message for the event `eventKey` (approved to the end, sent back, rejected). */
async function tellApplicant(
  ctx: BotContext,
  data: TBotTaskCard,
  eventKey: string,
  openId: string | undefined,
): Promise<void> {
  if (!openId) return;
  const message = resultCard(data, openUrl(ctx.config, taskLink.mine(data.task.id, data.task.status)));
  if (!message) return;
  await ctx.sendLark({
    key: `r${eventKey}`.slice(0, 50),
    open_id: openId,
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
  const owed = cardsOwed(data, sent);
  // The event's outcome is still the task's status (not overtaken by a later event).
  const told = event?.tellApplicant === true && event.status === data.task.status;
  const applicant = {
    user_id: data.task.applicant_id,
    open_id: data.task.applicant_open_id,
    lookup_email: data.task.applicant_lookup_email,
  };
  // Only the people about to get a message: a card redrawn needs no Lark user.
  const openIds = await ctx.openIds.resolve([...owed.map((o) => o.recipient), ...(told ? [applicant] : [])]);
  await sendNewCards(ctx, data, owed, openIds);
  await redrawHandledCards(ctx, data, sent);
  if (told) await tellApplicant(ctx, data, event.key, openIds.get(applicant.user_id));
  return data;
}
