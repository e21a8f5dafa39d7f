// bank-accounts/ and bank-accounts/{id}/ (issue 13): the owner changes their own accounts at once,
// recorded with the value before and told to HR in the bell (and, for the salary account, to the
// employee in Lark through the outbox); HR reads any; another employee gets 404; anonymous 401; bad
// input 400 in Japanese with nothing saved.
import { and, desc, eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_ACCOUNT_MSG, ZBankAccount, ZBankAccountList } from '@portal/shared/contracts/bank-accounts';
import { employees } from '../src/db/schema/employees.ts';
import { notifications } from '../src/db/schema/notifications.ts';
import { outbox } from '../src/db/schema/outbox.ts';
import { bankAccounts, recordChanges } from '../src/db/schema/records.ts';
import { users } from '../src/db/schema/users.ts';
import { createTestContext, expectJapaneseError, type TestContext } from './support/test-context.ts';

let t: TestContext;
const as: Record<string, { Authorization: string }> = {};
let yamadaEmployee: number;
let hrUser: number;

beforeAll(async () => {
  t = await createTestContext();
  for (const name of ['yamada', 'suzuki', 'hr', 'admin']) as[name] = t.auth((await t.signIn(name)).access);
  const [row] = await t.db
    .select({ id: employees.id })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(eq(users.username, 'yamada'));
  yamadaEmployee = row!.id;
  const [hr] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'hr'));
  hrUser = hr!.id;
});
afterAll(() => t?.close());

const expense = {
  purpose: 'expense',
  bank_code: '0001',
  branch_code: '240',
  account_type: '02',
  account_number: '0012345',
  account_holder: 'やまだ　たろう',
};

async function list(who: string, query = '') {
  return request(t.app).get(`/api/bank-accounts/${query}`).set(as[who]!);
}

async function fingerprint() {
  const rows = await t.db.execute(sql`select
    (select count(*) from bank_accounts) as a, (select md5(string_agg(b::text, '' order by id)) from bank_accounts b) as b,
    (select count(*) from record_changes) as c, (select count(*) from notifications) as n, (select count(*) from outbox) as o`);
  return JSON.stringify((rows as unknown as { rows: unknown[] }).rows);
}

describe('GET /api/bank-accounts/', () => {
  it("lists the caller's own accounts, salary first, editable", async () => {
    const res = await list('yamada');
    expect(res.status).toBe(200);
    const body = ZBankAccountList.parse(res.body);
    expect(body.can_edit).toBe(true);
    expect(body.results[0]).toMatchObject({
      purpose: 'salary',
      bank_code: '0005',
      bank_name: '三菱ＵＦＪ',
      branch_code: '103',
      account_type_name: '普通',
      account_number: '1234567',
      can_edit: true,
    });
  });

  it("lets HR read anyone's with ?employee=, read-only; another employee gets 404", async () => {
    const hr = await list('hr', `?employee=${yamadaEmployee}`);
    expect(hr.status).toBe(200);
    expect(hr.body.can_edit).toBe(false);
    expect(hr.body.results).toHaveLength(1);
    expect((await list('suzuki', `?employee=${yamadaEmployee}`)).status).toBe(404);
    expect((await list('yamada', `?employee=${yamadaEmployee}`)).status).toBe(200);
    expect((await list('hr', '?employee=999999')).status).toBe(404);
  });

  it('answers 401 without a session and 400 for a bad ?employee=', async () => {
    expect((await request(t.app).get('/api/bank-accounts/')).status).toBe(401);
    const bad = await list('hr', '?employee=abc');
    expect(bad.status).toBe(400);
    expectJapaneseError(bad.body);
  });

  it('answers 404 to an account without an employee record', async () => {
    expect((await list('admin')).status).toBe(404);
  });
});

describe('POST /api/bank-accounts/', () => {
  it('adds an expense account, the holder in half-width katakana, recorded and told to HR', async () => {
    const res = await request(t.app).post('/api/bank-accounts/').set(as.yamada!).send(expense);
    expect(res.status).toBe(201);
    const account = ZBankAccount.parse(res.body);
    expect(account).toMatchObject({
      purpose: 'expense',
      bank_name: 'みずほ',
      branch_name: '新宿',
      account_type: '02',
      account_holder: 'ﾔﾏﾀﾞ ﾀﾛｳ',
    });
    const [change] = await t.db
      .select()
      .from(recordChanges)
      .where(and(eq(recordChanges.subject, 'bank_account'), eq(recordChanges.subjectId, account.id)));
    expect(change).toMatchObject({ action: 'create', before: null, employeeId: yamadaEmployee });
    expect(change!.after).toMatchObject({ bank_code: '0001', account_number: '0012345' });
    const [bell] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, hrUser))
      .orderBy(desc(notifications.id))
      .limit(1);
    expect(bell).toMatchObject({
      title: '口座情報の変更',
      forward: `/band-accounts?employee=${yamadaEmployee}`,
    });
    expect(bell!.content).toContain('山田 太郎');
  });

  it('refuses a second account of the same purpose', async () => {
    const before = await fingerprint();
    const res = await request(t.app).post('/api/bank-accounts/').set(as.yamada!).send(expense);
    expect(res.status).toBe(400);
    expect(res.body.purpose).toEqual([BANK_ACCOUNT_MSG.duplicatePurpose]);
    expect(await fingerprint()).toBe(before);
  });

  it.each([
    ['no body', {}, ['purpose', 'bank_code', 'account_holder']],
    ['a 6-digit number', { account_number: '123456' }, ['account_number']],
    ['letters in the number', { account_number: '12345a7' }, ['account_number']],
    ['an unknown bank', { bank_code: '0002' }, ['bank_code']],
    ['an unknown branch', { branch_code: '999' }, ['branch_code']],
    ['an unknown type', { account_type: '09' }, ['account_type']],
    ['a holder in kanji', { account_holder: '山田太郎' }, ['account_holder']],
    ['a holder of 31 characters', { account_holder: 'ア'.repeat(31) }, ['account_holder']],
    ['記号・番号 for another bank', { yucho_symbol: '10180', yucho_number: '12345671' }, ['yucho_symbol']],
  ])('refuses %s: 400 in Japanese, nothing saved', async (_what, change, fields) => {
    const before = await fingerprint();
    const body = Object.keys(change).length
      ? { ...expense, purpose: 'salary', account_type: '01', ...change }
      : {};
    const res = await request(t.app).post('/api/bank-accounts/').set(as.suzuki!).send(body);
    expect(res.status).toBe(400);
    for (const field of fields) expect(res.body[field], JSON.stringify(res.body)).toBeDefined();
    expectJapaneseError(res.body);
    expect(await fingerprint()).toBe(before);
  });

  it('takes only 普通 and 当座 for the salary account', async () => {
    await request(t.app)
      .delete(`/api/bank-accounts/${(await list('suzuki')).body.results[0].id}/`)
      .set(as.suzuki!);
    const before = await fingerprint();
    const res = await request(t.app)
      .post('/api/bank-accounts/')
      .set(as.suzuki!)
      .send({ ...expense, purpose: 'salary', account_type: '02' });
    expect(res.status).toBe(400);
    expect(res.body.account_type).toEqual([BANK_ACCOUNT_MSG.salaryType]);
    expect(await fingerprint()).toBe(before);
  });

  it('converts ゆうちょ 記号・番号 to the branch and number transfers use, and tells the employee in Lark', async () => {
    const res = await request(t.app).post('/api/bank-accounts/').set(as.suzuki!).send({
      purpose: 'salary',
      bank_code: '9900',
      yucho_symbol: '10180',
      yucho_number: '12345671',
      account_holder: 'ｽｽﾞｷ ｲﾁﾛｳ',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      bank_name: 'ゆうちょ',
      branch_code: '018',
      branch_name: '〇一八',
      account_type: '01',
      account_number: '1234567',
      yucho_symbol: '10180',
      yucho_number: '12345671',
    });
    const [notice] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.topic, 'records.lark_notice'))
      .orderBy(desc(outbox.id))
      .limit(1);
    const [suzuki] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'suzuki'));
    expect(notice!.payload).toMatchObject({ user_id: suzuki!.id });
    expect(String(notice!.payload.text)).toContain('給与振込口座が変更されました');
    const [bell] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, hrUser))
      .orderBy(desc(notifications.id))
      .limit(1);
    expect(bell).toMatchObject({ title: '給与振込口座の変更' });
  });
});

describe('GET, PUT and DELETE /api/bank-accounts/{id}/', () => {
  async function salaryOf(who: string) {
    return (await list(who)).body.results.find((a: { purpose: string }) => a.purpose === 'salary');
  }

  it('reads one account: the owner and HR; another employee 404; anonymous 401', async () => {
    const { id } = await salaryOf('yamada');
    expect((await request(t.app).get(`/api/bank-accounts/${id}/`).set(as.yamada!)).body.can_edit).toBe(true);
    const hr = await request(t.app).get(`/api/bank-accounts/${id}/`).set(as.hr!);
    expect(hr.status).toBe(200);
    expect(hr.body.can_edit).toBe(false);
    expect((await request(t.app).get(`/api/bank-accounts/${id}/`).set(as.suzuki!)).status).toBe(404);
    expect((await request(t.app).get(`/api/bank-accounts/${id}/`)).status).toBe(401);
    expect((await request(t.app).get('/api/bank-accounts/99999/').set(as.yamada!)).status).toBe(404);
  });

  it('changes the salary account with the value before recorded; HR and others may not (404)', async () => {
    const { id } = await salaryOf('yamada');
    const body = { ...expense, purpose: 'salary', account_type: '04', account_number: '7777777' };
    for (const who of ['hr', 'suzuki']) {
      const before = await fingerprint();
      expect((await request(t.app).put(`/api/bank-accounts/${id}/`).set(as[who]!).send(body)).status).toBe(
        404,
      );
      expect((await request(t.app).delete(`/api/bank-accounts/${id}/`).set(as[who]!)).status).toBe(404);
      expect(await fingerprint()).toBe(before);
    }
    const res = await request(t.app).put(`/api/bank-accounts/${id}/`).set(as.yamada!).send(body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ account_type_name: '当座', account_number: '7777777' });
    const [change] = await t.db
      .select()
      .from(recordChanges)
      .where(and(eq(recordChanges.subjectId, id), eq(recordChanges.action, 'update')));
    expect(change!.before).toMatchObject({ account_number: '1234567', bank_code: '0005' });
    expect(change!.after).toMatchObject({ account_number: '7777777', bank_code: '0001' });
  });

  it('refuses bad input on PUT with nothing changed', async () => {
    const { id } = await salaryOf('yamada');
    const before = await fingerprint();
    const res = await request(t.app)
      .put(`/api/bank-accounts/${id}/`)
      .set(as.yamada!)
      .send({ ...expense, purpose: 'salary', account_number: '１２３' });
    expect(res.status).toBe(400);
    expectJapaneseError(res.body);
    expect(await fingerprint()).toBe(before);
  });

  it("deletes the owner's account, recorded with what it was", async () => {
    const { id } = (await list('yamada')).body.results.find(
      (a: { purpose: string }) => a.purpose === 'expense',
    );
    expect((await request(t.app).delete(`/api/bank-accounts/${id}/`).set(as.yamada!)).status).toBe(204);
    expect(await t.db.select().from(bankAccounts).where(eq(bankAccounts.id, id))).toEqual([]);
    const [change] = await t.db
      .select()
      .from(recordChanges)
      .where(and(eq(recordChanges.subjectId, id), eq(recordChanges.action, 'delete')));
    expect(change!.before).toMatchObject({ purpose: 'expense' });
    expect(change!.after).toBeNull();
  });
});
