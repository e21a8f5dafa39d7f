// Bank and branch search over the zengin-code data (spec §5, issue 13 acceptance 2): code prefixes,
// kana, hiragana, half-width and name-without-suffix queries, the 4- and 3-digit rules, and a branch
// search without a bank.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_SEARCH_MSG, ZBankChoices } from '@portal/shared/contracts/banks';
import { createTestContext, expectJapaneseError, type TestContext } from './support/test-context.ts';

let t: TestContext;
let yamada: { Authorization: string };
beforeAll(async () => {
  t = await createTestContext();
  yamada = t.auth((await t.signIn('yamada')).access);
});
afterAll(() => t?.close());

async function banks(query: string) {
  const res = await request(t.app).get('/api/banks/choice/').query({ query }).set(yamada);
  return res;
}

async function branches(bank: string, query: string) {
  return request(t.app).get(`/api/banks/${bank}/branches/choice/`).query({ query }).set(yamada);
}

describe('GET /api/banks/choice/?query=', () => {
  it.each([
    ['4 digits: the exact code', '0001', '0001', 'みずほ'],
    ['katakana', 'ミズホ', '0001', 'みずほ'],
    ['hiragana', 'みずほ', '0001', 'みずほ'],
    ['half-width katakana', 'ﾐｽﾞﾎ', '0001', 'みずほ'],
    ['with 銀行', 'みずほ銀行', '0001', 'みずほ'],
    ['kana with ギンコウ', 'ミズホギンコウ', '0001', 'みずほ'],
    ['full-width letters in the name', '三菱ＵＦＪ', '0005', '三菱ＵＦＪ'],
    ['half-width letters', '三菱UFJ', '0005', '三菱ＵＦＪ'],
    ['small kana typed where the data has large', 'ゆうちょ', '9900', 'ゆうちょ'],
    ['kanji without 信用金庫', '西武信用金庫', '1341', '西武信金'],
    ['full-width digits', '０１３７', '0137', 'きらぼし'],
  ])('%s (%s) finds %s first', async (_what, query, code, name) => {
    const res = await banks(query);
    expect(res.status).toBe(200);
    const list = ZBankChoices.parse(res.body);
    expect(list[0]).toMatchObject({ code, name });
    expect(list.length).toBeLessThanOrEqual(20);
  });

  it('answers [{code, name, kana}] and no more than 20, the exact code first', async () => {
    const res = await banks('シン');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(20);
    expect(Object.keys(res.body[0]).sort()).toEqual(['code', 'kana', 'name']);
    const exact = await banks('0005');
    expect(exact.body).toHaveLength(1);
    expect(exact.body[0]).toMatchObject({ code: '0005', name: '三菱ＵＦＪ' });
  });

  it.each(['0', '00', '000', '１２３', '1a'])('refuses %s: a digit query needs 4 digits', async (query) => {
    const res = await banks(query);
    expect(res.status).toBe(400);
    expect(res.body.query).toEqual([BANK_SEARCH_MSG.bankDigits]);
    expectJapaneseError(res.body);
  });

  it('answers an empty query with nothing, and one that matches nothing with []', async () => {
    expect((await banks('')).body).toEqual([]);
    expect((await banks('存在しない銀行名ですよ')).body).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    expect((await request(t.app).get('/api/banks/choice/?query=0001')).status).toBe(401);
  });
});

describe('GET /api/banks/{bankCode}/branches/choice/?query=', () => {
  it.each([
    ['3 digits: the exact code', '0001', '240', '240', '新宿'],
    ['kanji', '0001', '新宿', '240', '新宿'],
    ['katakana', '0001', 'シンジュク', '240', '新宿'],
    ['hiragana with small ゅ', '0001', 'しんじゅく', '240', '新宿'],
    ['half-width', '0001', 'ｼﾝｼﾞｭｸ', '240', '新宿'],
    ['with 支店', '0001', '新宿支店', '240', '新宿'],
    ['another bank: its own branches', '0005', '103', '103', '千代田'],
  ])('%s (%s %s) finds %s first', async (_what, bank, query, code, name) => {
    const res = await branches(bank, query);
    expect(res.status).toBe(200);
    const list = ZBankChoices.parse(res.body);
    expect(list[0]).toMatchObject({ code, name });
    expect(list.length).toBeLessThanOrEqual(20);
  });

  it('matches a name anywhere after those starting with it', async () => {
    const list = ZBankChoices.parse((await branches('0001', 'しんじゅく')).body);
    expect(list.map((b) => b.name)).toEqual(expect.arrayContaining(['新宿', '新宿西口', '新宿南口']));
  });

  it.each(['1', '24', '２４'])('refuses %s: a digit query needs 3 digits', async (query) => {
    const res = await branches('0001', query);
    expect(res.status).toBe(400);
    expect(res.body.query).toEqual([BANK_SEARCH_MSG.branchDigits]);
  });

  it.each(['0000', '1', 'abcd', '%20'])('needs a bank first: %s is none (404, in Japanese)', async (bank) => {
    const res = await branches(bank, '新宿');
    expect(res.status).toBe(404);
    expectJapaneseError(res.body);
  });
});
