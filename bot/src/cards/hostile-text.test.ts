// Issue 27, acceptance 1 and 2: every card and message the bot builds, with text meant to mention,
// colour, link or restructure in every field a user types — a request's 件名 and fields, comments,
// reasons, names, organisations, workflow and step names. Markdown elements carry it as entities
// (decoding gives back exactly what was typed), plain_text carries it as it is, our labels stay bold,
// and with every field at its longest, all punctuation, each card stays under 30 KB.
import type { Job } from 'bullmq';
import { describe, expect, it } from 'vitest';
import type { TBotTaskCard, TLarkSendPayload } from '@portal/shared/contracts/bot-jobs';
import { DEFAULT_TEXT_MAX_LENGTH } from '@portal/shared/workflow/codes';
import { HOSTILE, decodeEntities, markdownProblems } from '../../test/support/hostile-text.ts';
import type { BotContext } from '../context.ts';
import { larkNoticeHandler } from '../records/lark-notice.handler.ts';
import { reminderCard } from '../reminders/reminder-card.ts';
import { nodeCard } from './approval-card.ts';
import { CARD_MAX_BYTES, cardBytes } from './card-kit.ts';
import { resultCard } from './result-card.ts';
import { CARD_SAMPLES, SUZUKI, approvedSample, rejectedSample, sentBackSample } from './samples.ts';
import { textMessage } from './text-message.ts';

const OPEN_URL = 'https://applink.example/open?url=https%3A%2F%2Fportal.example%2Ftask';
const lineFeeds = (text: string) => text.replace(/\r\n|[\r\u2028\u2029]/g, '\n');

type Json = Record<string, unknown>;
function elements(node: unknown, tag: string, found: Json[] = []): Json[] {
  if (Array.isArray(node)) node.forEach((n) => elements(n, tag, found));
  else if (node && typeof node === 'object') {
    if ((node as Json).tag === tag) found.push(node as Json);
    Object.values(node).forEach((n) => elements(n, tag, found));
  }
  return found;
}
const markdownOf = (card: unknown) => elements(card, 'markdown').map((e) => String(e.content));
const plainOf = (card: unknown) => elements(card, 'plain_text').map((e) => String(e.content));

/** `sample` with `text` in every field a user types. */
function typedBy(text: string, sample: TBotTaskCard): TBotTaskCard {
  return {
    ...sample,
    task: {
      ...sample.task,
      workflow_name: text,
      applicant_name: text,
      employee_code: text,
      org_name: text,
      project_name: text,
    },
    fields: [
      { label: '件名', value: text },
      { label: text, value: text },
    ],
    nodes: sample.nodes.map((node) => ({
      ...node,
      name: text,
      acted_by_name: node.acted_by_name === null ? null : text,
      principal_name: node.principal_name === null ? null : text,
      comment: node.acted_by_name === null ? null : text,
      reason: node.reason === null ? null : text,
    })),
  };
}

const approvalCards = (data: TBotTaskCard) => ({
  pending: nodeCard({ data, nodeId: data.nodes[0]!.id, recipient: SUZUKI, openUrl: OPEN_URL }),
  'pending, to a proxy': nodeCard({
    data,
    nodeId: data.nodes[0]!.id,
    recipient: { ...SUZUKI, principal_name: data.task.applicant_name },
    openUrl: OPEN_URL,
  }),
});

/** Every card the bot builds, each with `text` in every user field. */
function everyCard(text: string): Record<string, unknown> {
  const approved = typedBy(text, approvedSample());
  const finished: TBotTaskCard = {
    ...approved,
    task: { ...approved.task, status: '90', status_name: '承認済み' },
    nodes: approved.nodes.map((n) => ({ ...n, status: '90', acted_at: '2026-11-20T01:15:00.000Z' })),
  };
  const at = (data: TBotTaskCard) => ({
    data,
    nodeId: data.nodes[0]!.id,
    recipient: SUZUKI,
    openUrl: OPEN_URL,
  });
  return {
    ...approvalCards(typedBy(text, CARD_SAMPLES.general!)),
    'pending vacation': approvalCards(typedBy(text, CARD_SAMPLES.vacation!)).pending,
    approved: nodeCard(at(approved)),
    'sent back by a proxy': nodeCard(at(typedBy(text, sentBackSample()))),
    rejected: nodeCard(at(typedBy(text, rejectedSample()))),
    'already handled': nodeCard({ ...at(approved), alreadyHandled: true }),
    'result: approved': resultCard(finished, OPEN_URL),
    'result: sent back': resultCard(typedBy(text, sentBackSample()), OPEN_URL),
    'result: rejected': resultCard(typedBy(text, rejectedSample()), OPEN_URL),
    'attendance reminder': reminderCard(
      { kind: 'month_end', month: { year: 2026, month: 4 }, name: text, deadline: '2026-04-30' },
      OPEN_URL,
    ),
    'attendance reminder, next month': reminderCard(
      { kind: 'next_month', month: { year: 2026, month: 4 }, name: text, deadline: null },
      OPEN_URL,
    ),
    'text message': textMessage(text).content,
  };
}

describe.each(HOSTILE.map((text) => [text]))('typed %j', (typed) => {
  const cards = everyCard(typed);
  const shown = lineFeeds(typed);

  it.each(Object.keys(cards))('%s: no markdown element holds markup from it', (name) => {
    const card = cards[name];
    expect(card).not.toBeNull();
    for (const content of markdownOf(card)) expect(markdownProblems(content), content).toEqual([]);
    expect(elements(card, 'lark_md')).toEqual([]);
  });

  it.each(Object.keys(cards))('%s: it is shown exactly as typed', (name) => {
    const card = cards[name];
    const markdown = markdownOf(card).map(decodeEntities).join('\n');
    const plain = plainOf(card).join('\n');
    expect(`${markdown}\n${plain}`).toContain(shown);
  });

  it('our labels stay bold, with the typed value after them', () => {
    const pending = markdownOf(cards.pending).map(decodeEntities).join('\n');
    expect(pending).toContain(`**件名**：${shown}`);
    expect(pending).toContain(`**組織**：${shown}`);
    expect(pending).toContain(`**申請者**：${shown}（${shown}）`);
    expect(pending).toContain(`**承認ステップ**：${shown}`);
    const sentBack = markdownOf(cards['sent back by a proxy']).map(decodeEntities).join('\n');
    expect(sentBack).toContain(`**コメント**：${shown}`);
    expect(sentBack).toContain(`**処理者**：${shown}（${shown} の代理）`);
    expect(markdownOf(cards.rejected).map(decodeEntities).join('\n')).toContain(`**却下理由**：${shown}`);
  });

  it('headers, buttons and options are plain_text, showing it as it is', () => {
    const pending = cards.pending as { header: { title: Json; subtitle: Json } };
    expect(pending.header.title).toEqual({ tag: 'plain_text', content: `承認依頼：${shown}` });
    expect(pending.header.subtitle).toEqual({ tag: 'plain_text', content: `${shown}（${shown}）` });
    for (const button of elements(cards['pending vacation'], 'button'))
      expect((button.text as Json).tag).toBe('plain_text');
    for (const option of elements(cards['pending vacation'], 'select_static').flatMap(
      (s) => s.options as Json[],
    ))
      expect((option.text as Json).tag).toBe('plain_text');
  });

  it('a text notice is no Lark text message: no <at> can form from it', async () => {
    const sent: TLarkSendPayload[] = [];
    const ctx = {
      openIds: { resolve: async () => new Map([[7, 'ou_yamada']]) },
      sendLark: async (payload: TLarkSendPayload) => void sent.push(payload),
    } as unknown as BotContext;
    const data = {
      key: 'record-notice:1',
      payload: { user_id: 7, open_id: 'ou_yamada', lookup_email: null, text: typed },
    };
    await expect(larkNoticeHandler(data, ctx, {} as Job)).resolves.toEqual({ sent: true });
    expect(sent.map((s) => s.msg_type)).toEqual(['interactive']);
    expect(markdownOf(sent[0]!.content)).toEqual([]);
    expect(plainOf(sent[0]!.content)).toEqual([shown]);
  });
});

describe('size: every user field at its longest, all punctuation', () => {
  // The longest any user text field may be (a request's text field, DEFAULT_TEXT_MAX_LENGTH); names,
  // comments and reasons are declared shorter, so this is past every field's limit.
  const longest = DEFAULT_TEXT_MAX_LENGTH;
  const fillers = {
    punctuation: '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~',
    'spaces and line breaks': ' \n \r\n\t',
    controls: '\u0001\u001f\u007f',
    emoji: '😀👨‍👩‍👧‍👦',
    Japanese: '承認済み',
  };

  it.each(Object.entries(fillers))('%s: every card under 30 KB, no entity cut', (_name, filler) => {
    const text = filler.repeat(Math.ceil(longest / filler.length)).slice(0, longest);
    const crowded = (sample: TBotTaskCard): TBotTaskCard => {
      const typed = typedBy(text, sample);
      return {
        ...typed,
        fields: Array.from({ length: 100 }, () => ({ label: text, value: text })),
        nodes: [
          ...typed.nodes,
          ...Array.from({ length: 98 }, (_, i) => ({ ...typed.nodes.at(-1)!, id: 1000 + i, status: '01' })),
        ],
        reject_reasons: typed.reject_reasons && typed.reject_reasons.map((r) => ({ ...r, text })),
      };
    };
    const cards = {
      ...everyCard(text),
      ...Object.fromEntries(
        [
          CARD_SAMPLES.general!,
          approvedSample(),
          sentBackSample(),
          rejectedSample(),
          CARD_SAMPLES.vacation!,
        ].map((sample, i) => [
          `crowded ${i}`,
          nodeCard({
            data: crowded(sample),
            nodeId: sample.nodes[0]!.id,
            recipient: SUZUKI,
            openUrl: OPEN_URL,
          }),
        ]),
      ),
      'crowded result': resultCard(crowded(sentBackSample()), OPEN_URL),
    };
    for (const [name, card] of Object.entries(cards)) {
      expect(cardBytes(card), name).toBeLessThan(CARD_MAX_BYTES);
      for (const content of markdownOf(card)) expect(markdownProblems(content), name).toEqual([]);
      expect(JSON.stringify(card), name).not.toMatch(/\\ud[89a-f]/i);
    }
  });
});
