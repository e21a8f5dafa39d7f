// Issue 13: changing one's salary account tells the employee in Lark ("was this you?"): the API's
// outbox row reaches the bot, which sends yamada a text message once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drained } from './support/drained.ts';
import { openIdOf, startHarness, type Harness } from './support/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

describe('records.lark_notice', () => {
  it('sends the employee a text message when their salary account changes', async () => {
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
    const notices = h.lark.messages.filter(
      (m) => m.msg_type === 'text' && m.receive_id === openIdOf('yamada'),
    );
    expect(notices).toHaveLength(1);
    expect(String(notices[0]!.content.text)).toContain('給与振込口座が変更されました');
  });
});
