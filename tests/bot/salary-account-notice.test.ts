// Issue 13: changing one's salary account tells the employee in Lark ("was this you?"): the API's
// outbox row reaches the bot, which sends yamada a message of text once — as a card whose text is
// plain_text, never Lark's `text` message, which would read <at> (issue 27).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textOf } from './support/cards.ts';
import { drained } from './support/drained.ts';
import { openIdOf, startHarness, type Harness } from './support/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

describe('records.lark_notice', () => {
  it('sends the employee a message of plain text when their salary account changes', async () => {
    const list = await h.as('yamada')<{ results: { id: number; purpose: string }[] }>(
      'GET',
      '/api/bank-accounts/',
    );
    const salary = list.body.results.find((a) => a.purpose === 'salary')!;
    const res = await h.as('yamada')('PUT', `/api/bank-accounts/${salary.id}/`, {
      purpose: 'salary',
      bank_code: '0001',
      branch_code: '240',
      account_type: '01',
      account_number: '7654321',
      account_holder: 'ヤマダ タロウ',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await drained(h);
    const notices = h.lark.messages.filter((m) => m.receive_id === openIdOf('yamada'));
    expect(notices.map((m) => m.msg_type)).toEqual(['interactive']);
    expect(JSON.stringify(notices[0]!.content)).not.toContain('"markdown"');
    expect(textOf(notices[0]!.content)).toContain('給与振込口座が変更されました');
  });
});
