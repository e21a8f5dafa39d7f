// The card a node's approver (or their proxy) gets, in whatever state the node is now: awaiting
// them — the request with 承認, 差戻し (comment required) and 却下 (the vacation reasons to choose
// from) — or handled, by whom and when. The same function draws the first card, the answer to a
// click and every later update, so they never disagree.
import type { TBotTaskCard, TCardNode, TCardRecipient } from '@portal/shared/contracts/bot-jobs';
import { CONFIRM, SUCCESS, BOT_MSG } from '@portal/shared/messages';
import {
  TEXT_BYTES,
  card,
  divider,
  labelled,
  linkButton,
  markdown,
  plain,
  type Card,
  type CardElement,
  type HeaderColour,
  type LabelledRow,
} from './card-kit.ts';
import { dateTime } from './format.ts';
import { taskSummary } from './task-summary.ts';
import { bold, markdownText } from './user-text.ts';

export type CardAction = 'approve' | 'send_back' | 'reject';

/** What a button sends back in the callback (action.value). */
export interface CardActionValue {
  readonly action: CardAction;
  readonly task_id: number;
  readonly node_id: number;
}

export interface NodeCardInput {
  readonly data: TBotTaskCard;
  readonly nodeId: number;
  readonly recipient: TCardRecipient;
  /** Opens the request in the portal inside Lark. */
  readonly openUrl: string;
  /** The click came after someone else had handled the node: say so. */
  readonly alreadyHandled?: boolean;
}

function subtitle(data: TBotTaskCard): string {
  return data.task.org_name
    ? `${data.task.applicant_name}（${data.task.org_name}）`
    : data.task.applicant_name;
}

const stepRow = (node: TCardNode): LabelledRow => ({
  label: '承認ステップ',
  value: node.name,
  maxBytes: TEXT_BYTES.name,
});

function actionButton(
  text: string,
  type: 'primary_filled' | 'danger' | 'default',
  value: CardActionValue,
  confirm: string,
): CardElement {
  return {
    tag: 'button',
    name: value.action,
    text: plain(text),
    type,
    width: 'fill',
    form_action_type: 'submit',
    confirm: { title: plain(BOT_MSG.confirmTitle), text: plain(confirm) },
    behaviors: [{ type: 'callback', value }],
  };
}

function approvalForm(data: TBotTaskCard, node: TCardNode): CardElement {
  const value = (action: CardAction): CardActionValue => ({
    action,
    task_id: data.task.id,
    node_id: node.id,
  });
  const elements: CardElement[] = [
    {
      tag: 'input',
      name: 'comment',
      input_type: 'multiline_text',
      rows: 2,
      max_length: 1000,
      placeholder: plain(BOT_MSG.commentPlaceholder),
    },
  ];
  if (data.reject_reasons) {
    elements.push({
      tag: 'select_static',
      name: 'reason',
      placeholder: plain(BOT_MSG.reasonPlaceholder),
      options: data.reject_reasons.map((r) => ({ text: plain(r.text), value: r.value })),
    });
  }
  elements.push({
    tag: 'column_set',
    horizontal_spacing: '8px',
    columns: [
      actionButton(BOT_MSG.approve, 'primary_filled', value('approve'), CONFIRM.approve),
      actionButton(BOT_MSG.sendBack, 'default', value('send_back'), CONFIRM.sendBack),
      actionButton(BOT_MSG.reject, 'danger', value('reject'), BOT_MSG.confirmReject),
    ].map((button) => ({ tag: 'column', width: 'weighted', weight: 1, elements: [button] })),
  });
  return { tag: 'form', name: 'approval', elements };
}

const OUTCOMES: Record<string, { colour: HeaderColour; sentence: string }> = {
  '90': { colour: 'green', sentence: SUCCESS.approved },
  '02': { colour: 'orange', sentence: SUCCESS.sentBack },
  '10': { colour: 'red', sentence: BOT_MSG.rejected },
};

function outcome(data: TBotTaskCard, node: TCardNode, alreadyHandled: boolean): CardElement[] {
  const elements: CardElement[] = [];
  if (alreadyHandled) elements.push(markdown(bold(BOT_MSG.alreadyHandled, TEXT_BYTES.short)));
  const done = OUTCOMES[node.status];
  if (done && node.acted_by_name) {
    const who =
      node.is_proxy && node.principal_name
        ? `${node.acted_by_name}（${node.principal_name} の代理）`
        : node.acted_by_name;
    const rows: LabelledRow[] = [{ label: '処理者', value: who }];
    if (node.acted_at) rows.push({ label: '日時', value: dateTime(node.acted_at) });
    if (node.status === '10' && node.reason)
      rows.push({ label: '却下理由', value: node.reason, maxBytes: TEXT_BYTES.reason });
    if (node.comment) rows.push({ label: 'コメント', value: node.comment, maxBytes: TEXT_BYTES.comment });
    elements.push(markdown(bold(done.sentence, TEXT_BYTES.short)), labelled(rows));
  }
  const awaiting = data.nodes.filter((n) => n.status === '01').map((n) => n.name);
  const state =
    awaiting.length && data.task.status === '01'
      ? `${data.task.status_name}（${awaiting.join('、')}）`
      : data.task.status_name;
  elements.push(labelled([{ label: '現在の状態', value: state }]));
  return elements;
}

/** The card for `recipient` about node `nodeId`, as things stand in `data`. */
export function nodeCard(input: NodeCardInput): Card {
  const { data, recipient, openUrl } = input;
  const node = data.nodes.find((n) => n.id === input.nodeId);
  if (!node) throw new Error(`task ${data.task.id} has no node ${input.nodeId}`);
  const awaiting = node.status === '01' && data.task.status === '01' && !input.alreadyHandled;
  const link = linkButton(BOT_MSG.openInPortal, openUrl);

  if (awaiting) {
    const elements: CardElement[] = [];
    if (recipient.principal_name)
      elements.push(markdown(markdownText(BOT_MSG.proxyFor(recipient.principal_name), TEXT_BYTES.short)));
    elements.push(...taskSummary(data), labelled([stepRow(node)]), divider(), approvalForm(data, node), link);
    return card(BOT_MSG.approvalTitle(data.task.workflow_name), 'blue', elements, subtitle(data));
  }
  const colour = OUTCOMES[node.status]?.colour ?? 'grey';
  return card(
    BOT_MSG.handledTitle(data.task.workflow_name),
    colour,
    [
      ...taskSummary(data),
      labelled([stepRow(node)]),
      divider(),
      ...outcome(data, node, input.alreadyHandled ?? false),
      link,
    ],
    subtitle(data),
  );
}
