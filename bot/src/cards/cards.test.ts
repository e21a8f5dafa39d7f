// The card builders are pure functions of the task data (issue #6, acceptance 4): one test per kind
// of workflow, the states after an action, and the limits Lark puts on a card.
import { describe, expect, it } from 'vitest';
import { BOT_MSG, CONFIRM, SUCCESS } from '@portal/shared/messages';
import { taskLink } from '@portal/shared/workflow/task-links';
import { nodeCard, type NodeCardInput } from './approval-card.ts';
import { decodeEntities } from '../../test/support/hostile-text.ts';
import { CARD_MAX_BYTES, cardBytes, type Card } from './card-kit.ts';
import { openInLark } from './links.ts';
import { resultCard } from './result-card.ts';
import {
  CARD_SAMPLES,
  SATO_AS_PROXY,
  SUZUKI,
  approvedSample,
  rejectedSample,
  sentBackSample,
} from './samples.ts';

const OPEN_URL = 'https://applink.example/open?url=x';

/** Every text on the card as Lark shows it: markdown with its entities decoded. */
function text(card: Card): string {
  const parts: string[] = [];
  const walk = (n: unknown): void => {
    if (Array.isArray(n)) n.forEach(walk);
    else if (n && typeof n === 'object') {
      const o = n as Record<string, unknown>;
      if (typeof o.content === 'string')
        parts.push(o.tag === 'markdown' ? decodeEntities(o.content) : o.content);
      Object.values(o).forEach(walk);
    }
  };
  walk(card);
  return parts.join('\n');
}

function callbackValues(card: Card): Record<string, unknown>[] {
  const values: Record<string, unknown>[] = [];
  const walk = (n: unknown): void => {
    if (Array.isArray(n)) n.forEach(walk);
    else if (n && typeof n === 'object') {
      const o = n as Record<string, unknown>;
      if (o.type === 'callback' && o.value) values.push(o.value as Record<string, unknown>);
      Object.values(o).forEach(walk);
    }
  };
  walk(card);
  return values;
}

const input = (data = CARD_SAMPLES.general!, extra: Partial<NodeCardInput> = {}): NodeCardInput => ({
  data,
  nodeId: data.nodes[0]!.id,
  recipient: SUZUKI,
  openUrl: OPEN_URL,
  ...extra,
});

describe('approval card for each kind of workflow', () => {
  it.each(Object.entries(CARD_SAMPLES))(
    '%s: title, applicant, organisation, buttons, under 30 KB',
    (_kind, data) => {
      const card = nodeCard(input(data));
      expect(card.schema).toBe('2.0');
      expect(card.header.title.content).toBe(BOT_MSG.approvalTitle(data.task.workflow_name));
      expect(card.header.subtitle?.content).toBe(`山田 太郎（${data.task.org_name}）`);
      const all = text(card);
      expect(all).toContain('山田 太郎（E0007）');
      expect(all).toContain('課長承認');
      expect(callbackValues(card).map((v) => v.action)).toEqual(['approve', 'send_back', 'reject']);
      expect(callbackValues(card).every((v) => v.task_id === 101 && v.node_id === 201)).toBe(true);
      expect(cardBytes(card)).toBeLessThan(CARD_MAX_BYTES);
      expect(JSON.stringify(card)).toContain(OPEN_URL);
    },
  );

  it('general: the request fields, label and value', () => {
    const all = text(nodeCard(input(CARD_SAMPLES.general)));
    expect(all).toContain('**件名**：開発用サーバーの購入');
    expect(all).toContain('**金額（円）**：480000');
    expect(all).toContain('**資料**：見積書.pdf');
  });

  it('vacation: dates, days and remaining paid leave, and the three fixed reject reasons', () => {
    const card = nodeCard(input(CARD_SAMPLES.vacation));
    const all = text(card);
    expect(all).toContain('**期間**：2026/12/24 〜 2026/12/26');
    expect(all).toContain('**日数**：2.5 日');
    expect(all).toContain('**有給残日数**：7.5 日');
    const json = JSON.stringify(card);
    expect(json).toContain('"tag":"select_static"');
    for (const reason of CARD_SAMPLES.vacation!.reject_reasons!) expect(all).toContain(reason.text);
  });

  it('attendance: the month and its totals', () => {
    const all = text(nodeCard(input(CARD_SAMPLES.attendance)));
    expect(all).toContain('**対象月**：2026年11月');
    expect(all).toContain('**出勤日数**：19 / 20 日');
    expect(all).toContain('**総労働時間**：164:00');
    expect(all).toContain('**残業時間**：12:00');
    expect(all).toContain('**休日労働時間**：4:00');
    expect(all).toContain('**有給日数**：1 日');
  });

  it('other requests show no reason list (the reason goes in the comment)', () => {
    expect(JSON.stringify(nodeCard(input(CARD_SAMPLES.expense)))).not.toContain('select_static');
  });

  it('asks for confirmation with the portal wording, and has a comment box', () => {
    const json = JSON.stringify(nodeCard(input()));
    expect(json).toContain(CONFIRM.approve);
    expect(json).toContain(CONFIRM.sendBack);
    expect(json).toContain('"name":"comment"');
  });

  it('tells a proxy whom they stand in for', () => {
    expect(text(nodeCard(input(CARD_SAMPLES.general, { recipient: SATO_AS_PROXY })))).toContain(
      BOT_MSG.proxyFor('鈴木 一郎'),
    );
  });
});

describe('card after the node was handled', () => {
  it('approved: who and when, no buttons', () => {
    const card = nodeCard(input(approvedSample()));
    expect(card.header.template).toBe('green');
    expect(card.header.title.content).toBe(BOT_MSG.handledTitle('一般稟議'));
    const all = text(card);
    expect(all).toContain(SUCCESS.approved);
    expect(all).toContain('**処理者**：鈴木 一郎');
    expect(all).toContain('**日時**：2026/11/20 10:15');
    expect(all).toContain('**現在の状態**：申請中（部長承認）');
    expect(callbackValues(card)).toEqual([]);
  });

  it('sent back by a proxy: the proxy, the principal and the comment', () => {
    const all = text(nodeCard(input(sentBackSample())));
    expect(all).toContain(SUCCESS.sentBack);
    expect(all).toContain('佐藤 浩二（鈴木 一郎 の代理）');
    expect(all).toContain('金額の根拠を添付してください');
  });

  it('rejected: the reason', () => {
    const card = nodeCard(input(rejectedSample()));
    expect(card.header.template).toBe('red');
    expect(text(card)).toContain(BOT_MSG.rejected);
  });

  it('clicked after someone else acted: says so, with the current state', () => {
    const all = text(nodeCard(input(approvedSample(), { alreadyHandled: true })));
    expect(all).toContain(BOT_MSG.alreadyHandled);
    expect(all).toContain('**現在の状態**');
  });
});

describe('result message to the applicant', () => {
  it('for a sent-back request, with the comment; none while it is in progress', () => {
    const card = resultCard(sentBackSample(), OPEN_URL)!;
    expect(card.header.title.content).toBe(`${BOT_MSG.resultTitle['02']}：一般稟議`);
    expect(text(card)).toContain('金額の根拠を添付してください');
    expect(resultCard(CARD_SAMPLES.general!, OPEN_URL)).toBeNull();
  });

  it('for a rejected vacation, with the reason', () => {
    const data = rejectedSample();
    expect(text(resultCard(data, OPEN_URL)!)).toContain(data.nodes[0]!.reason!);
  });
});

describe('purity and limits', () => {
  it('builds the same card from the same data, and never changes the data', () => {
    const data = structuredClone(CARD_SAMPLES.vacation!);
    const frozen = JSON.stringify(data);
    expect(nodeCard(input(data))).toEqual(nodeCard(input(data)));
    expect(JSON.stringify(data)).toBe(frozen);
  });

  it('stays under 30 KB with many long fields (values cut, the rest counted)', () => {
    const data = {
      ...CARD_SAMPLES.general!,
      fields: Array.from({ length: 100 }, (_, i) => ({ label: `項目${i}`, value: 'あ'.repeat(5000) })),
    };
    const card = nodeCard(input(data));
    expect(cardBytes(card)).toBeLessThan(CARD_MAX_BYTES);
    expect(text(card)).toContain('ほか 88 項目');
  });

  it('writes what users typed as entities, our labels in bold', () => {
    const data = {
      ...CARD_SAMPLES.general!,
      fields: [{ label: '件名', value: '**重要** [link](http://x)' }],
    };
    expect(JSON.stringify(nodeCard(input(data)))).toContain(
      '**件名**：&#42;&#42;重要&#42;&#42; &#91;link&#93;&#40;http&#58;&#47;&#47;x&#41;',
    );
  });

  it('opens the portal page inside Lark', () => {
    const url = openInLark(
      'https://applink.larksuite.com/client/web_url/open?mode=window&url={url}',
      'https://portal.example.jp',
      taskLink.approval(101, 201),
    );
    expect(url).toBe(
      'https://applink.larksuite.com/client/web_url/open?mode=window&url=https%3A%2F%2Fportal.example.jp%2Ftask%2Ftasks%2Fapproval%2F101%2Fnodes%2F201',
    );
  });
});
