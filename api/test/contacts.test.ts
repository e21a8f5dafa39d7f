// account/contacts/ and account/contacts/{id}/ (issue 13): the owner's emergency contacts in
// priority order; validated Japanese phones; HR reads anyone's; another employee 404; anonymous 401;
// bad input 400 in Japanese with nothing saved.
import { and, desc, eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZContact, ZContactList } from '@portal/shared/contracts/contacts';
import { employees } from '../src/db/schema/employees.ts';
import { notifications } from '../src/db/schema/notifications.ts';
import { recordChanges } from '../src/db/schema/records.ts';
import { users } from '../src/db/schema/users.ts';
import { createTestContext, expectJapaneseError, type TestContext } from './support/test-context.ts';

let t: TestContext;
const as: Record<string, { Authorization: string }> = {};
let yamadaEmployee: number;
let hrUser: number;

beforeAll(async () => {
  t = await createTestContext();
  for (const name of ['yamada', 'suzuki', 'hr']) as[name] = t.auth((await t.signIn(name)).access);
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

const mother = {
  name: '山田 光子',
  name_kana: 'やまだ みつこ',
  relationship: '母',
  phone: '０９０ ９８７６ ５４３２',
  address: '大阪府大阪市北区梅田1-1-1',
};

async function list(who: string, query = '') {
  return request(t.app).get(`/api/account/contacts/${query}`).set(as[who]!);
}

async function fingerprint() {
  const rows = await t.db.execute(sql`select
    (select md5(coalesce(string_agg(c::text, '' order by id), '')) from emergency_contacts c) as c,
    (select count(*) from record_changes) as r, (select count(*) from notifications) as n`);
  return JSON.stringify((rows as unknown as { rows: unknown[] }).rows);
}

describe('account/contacts/', () => {
  it("lists the caller's own contacts in priority order", async () => {
    const res = await list('yamada');
    expect(res.status).toBe(200);
    const body = ZContactList.parse(res.body);
    expect(body.can_edit).toBe(true);
    expect(body.results.map((c) => [c.priority, c.name, c.phone])).toEqual([
      [1, '山田 花子', '080-1111-2222'],
    ]);
  });

  it("lets HR read anyone's read-only; another employee gets 404; anonymous 401", async () => {
    const hr = await list('hr', `?employee=${yamadaEmployee}`);
    expect(hr.status).toBe(200);
    expect(hr.body.can_edit).toBe(false);
    expect(hr.body.results).toHaveLength(1);
    expect((await list('suzuki', `?employee=${yamadaEmployee}`)).status).toBe(404);
    expect((await request(t.app).get('/api/account/contacts/')).status).toBe(401);
  });

  it('adds a contact at once: phone and kana normalised, recorded, HR told in the bell', async () => {
    const res = await request(t.app).post('/api/account/contacts/').set(as.yamada!).send(mother);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const contact = ZContact.parse(res.body);
    expect(contact).toMatchObject({ name_kana: 'ヤマダ ミツコ', phone: '090-9876-5432', priority: 2 });
    const [change] = await t.db
      .select()
      .from(recordChanges)
      .where(and(eq(recordChanges.subject, 'emergency_contact'), eq(recordChanges.subjectId, contact.id)));
    expect(change).toMatchObject({ action: 'create', before: null });
    const [bell] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, hrUser))
      .orderBy(desc(notifications.id))
      .limit(1);
    expect(bell).toMatchObject({
      title: '緊急連絡先の変更',
      forward: `/contacts?employee=${yamadaEmployee}`,
    });
  });

  it.each([
    ['no body', {}, ['name', 'name_kana', 'relationship', 'phone']],
    ['a phone that is no Japanese number', { phone: '12345' }, ['phone']],
    ['a foreign number', { phone: '+1 202 555 0143' }, ['phone']],
    ['kanji as kana', { name_kana: '山田' }, ['name_kana']],
    ['a blank name', { name: '   ' }, ['name']],
    ['a priority of 0', { priority: 0 }, ['priority']],
    ['a priority as text', { priority: '1' }, ['priority']],
    ['a 201-character address', { address: 'あ'.repeat(201) }, ['address']],
  ])('refuses %s: 400 in Japanese, nothing saved', async (_what, change, fields) => {
    const before = await fingerprint();
    const body = Object.keys(change).length ? { ...mother, ...change } : {};
    const res = await request(t.app).post('/api/account/contacts/').set(as.yamada!).send(body);
    expect(res.status).toBe(400);
    for (const field of fields) expect(res.body[field], JSON.stringify(res.body)).toBeDefined();
    expectJapaneseError(res.body);
    expect(await fingerprint()).toBe(before);
  });
});

describe('account/contacts/{id}/', () => {
  async function ids() {
    return ZContactList.parse((await list('yamada')).body).results.map((c) => c.id);
  }

  it('reads one: the owner and HR; another employee 404; anonymous 401', async () => {
    const [id] = await ids();
    expect((await request(t.app).get(`/api/account/contacts/${id}/`).set(as.yamada!)).status).toBe(200);
    expect((await request(t.app).get(`/api/account/contacts/${id}/`).set(as.hr!)).body.can_edit).toBe(false);
    expect((await request(t.app).get(`/api/account/contacts/${id}/`).set(as.suzuki!)).status).toBe(404);
    expect((await request(t.app).get(`/api/account/contacts/${id}/`)).status).toBe(401);
  });

  it('edits and reorders: moving the second to first moves the first down', async () => {
    const [first, second] = await ids();
    const res = await request(t.app)
      .put(`/api/account/contacts/${second}/`)
      .set(as.yamada!)
      .send({ ...mother, relationship: '義母', priority: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ relationship: '義母', priority: 1 });
    expect(await ids()).toEqual([second, first]);
    const [change] = await t.db
      .select()
      .from(recordChanges)
      .where(and(eq(recordChanges.subjectId, second!), eq(recordChanges.action, 'update')));
    expect(change!.before).toMatchObject({ relationship: '母', priority: 2 });
    expect(change!.after).toMatchObject({ relationship: '義母', priority: 1 });
  });

  it('lets neither HR nor another employee change or delete (404), nor bad input through', async () => {
    const [id] = await ids();
    const before = await fingerprint();
    for (const who of ['hr', 'suzuki']) {
      expect(
        (await request(t.app).put(`/api/account/contacts/${id}/`).set(as[who]!).send(mother)).status,
      ).toBe(404);
      expect((await request(t.app).delete(`/api/account/contacts/${id}/`).set(as[who]!)).status).toBe(404);
    }
    const bad = await request(t.app)
      .put(`/api/account/contacts/${id}/`)
      .set(as.yamada!)
      .send({ ...mother, phone: 'abc' });
    expect(bad.status).toBe(400);
    expectJapaneseError(bad.body);
    expect(await fingerprint()).toBe(before);
  });

  it('deletes, and the rest close up to 1..n', async () => {
    const [first, second] = await ids();
    expect((await request(t.app).delete(`/api/account/contacts/${first}/`).set(as.yamada!)).status).toBe(204);
    const left = ZContactList.parse((await list('yamada')).body).results;
    expect(left.map((c) => [c.id, c.priority])).toEqual([[second, 1]]);
    expect((await request(t.app).get(`/api/account/contacts/${first}/`).set(as.yamada!)).status).toBe(404);
  });
});
