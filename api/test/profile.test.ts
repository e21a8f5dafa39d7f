// employees/{id}/, employees/{id}/residence-status/, account/avatar/ and postal-codes/{code}/
// (issue 13): the pinned shape; the owner changes contact details and address at once (recorded,
// HR told); HR-only fields are read-only; HR reads anyone's; another employee 404; anonymous 401.
import { and, desc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZUserState } from '@portal/shared/contracts/account';
import { PROFILE_MSG, ZEmployeeProfile, ZResidenceStatus } from '@portal/shared/contracts/profile';
import { employees } from '../src/db/schema/employees.ts';
import { notifications } from '../src/db/schema/notifications.ts';
import { recordChanges } from '../src/db/schema/records.ts';
import { users } from '../src/db/schema/users.ts';
import { tokyoDate } from '../src/dates.ts';
import { residenceAlert } from '../src/modules/records/profile.service.ts';
import { createTestContext, expectJapaneseError, type TestContext } from './support/test-context.ts';

let t: TestContext;
const as: Record<string, { Authorization: string }> = {};
let yamada: number;
let hrUser: number;

beforeAll(async () => {
  t = await createTestContext();
  for (const name of ['yamada', 'suzuki', 'hr']) as[name] = t.auth((await t.signIn(name)).access);
  const [row] = await t.db
    .select({ id: employees.id })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(eq(users.username, 'yamada'));
  yamada = row!.id;
  const [hr] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'hr'));
  hrUser = hr!.id;
});
afterAll(() => t?.close());

async function fingerprint() {
  const rows = await t.db.execute(sql`select
    (select md5(string_agg(e::text, '' order by id)) from employees e) as e,
    (select count(*) from record_changes) as r, (select count(*) from notifications) as n,
    (select count(*) from user_avatars) as a`);
  return JSON.stringify((rows as unknown as { rows: unknown[] }).rows);
}

const PINNED = [
  'id',
  'code',
  'last_name',
  'first_name',
  'last_name_kana',
  'first_name_kana',
  'gender',
  'birth_date',
  'marriage',
  'country',
  'residence',
  'residence_expiry',
  'postal_code',
  'address',
  'phone',
  'email',
  'join_date',
  'organizations',
  'positions',
  'latest_contract',
];

describe('GET /api/employees/{id}/', () => {
  it('gives the owner the pinned shape with names of the codes, and what they may change', async () => {
    const me = ZUserState.parse((await request(t.app).post('/api/account/me/').set(as.yamada!)).body);
    expect(me.me.employee?.id).toBe(yamada);
    const res = await request(t.app).get(`/api/employees/${yamada}/`).set(as.yamada!);
    expect(res.status).toBe(200);
    for (const key of PINNED) expect(res.body).toHaveProperty(key);
    const profile = ZEmployeeProfile.parse(res.body);
    expect(profile).toMatchObject({
      last_name: '山田',
      gender_name: '男',
      country: '392',
      country_name: '日本',
      residence_name: '日本籍',
      postal_code: '160-0023',
      positions: [{ org_name: '開発一課', name: '主任', is_part_time: false }],
      latest_contract: { start_date: '2018-04-01', end_date: null },
      editable_fields: ['postal_code', 'address', 'phone', 'email'],
    });
  });

  it('lets HR read it (nothing editable); another employee gets 404; anonymous 401', async () => {
    const hr = await request(t.app).get(`/api/employees/${yamada}/`).set(as.hr!);
    expect(hr.status).toBe(200);
    expect(hr.body.editable_fields).toEqual([]);
    expect((await request(t.app).get(`/api/employees/${yamada}/`).set(as.suzuki!)).status).toBe(404);
    expect((await request(t.app).get(`/api/employees/${yamada}/`)).status).toBe(401);
    expect((await request(t.app).get('/api/employees/999999/').set(as.hr!)).status).toBe(404);
  });
});

describe('PATCH /api/employees/{id}/', () => {
  it('saves the address at once, recorded with the value before, HR told in the bell', async () => {
    const res = await request(t.app)
      .patch(`/api/employees/${yamada}/`)
      .set(as.yamada!)
      .send({ postal_code: '１０００００１', address: '東京都千代田区千代田1-1', phone: '03 1234 5678' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      postal_code: '100-0001',
      address: '東京都千代田区千代田1-1',
      phone: '03-1234-5678',
    });
    const [change] = await t.db
      .select()
      .from(recordChanges)
      .where(and(eq(recordChanges.employeeId, yamada), eq(recordChanges.subject, 'profile')))
      .orderBy(desc(recordChanges.id))
      .limit(1);
    expect(change!.before).toEqual({
      postal_code: '160-0023',
      address: '東京都新宿区西新宿2-8-1',
      phone: '090-1234-5678',
    });
    expect(change!.after).toMatchObject({ postal_code: '100-0001' });
    const [bell] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, hrUser))
      .orderBy(desc(notifications.id))
      .limit(1);
    expect(bell).toMatchObject({ title: 'プロフィールの変更', forward: `/profile?employee=${yamada}` });
  });

  it.each([
    ['an HR-only field', { last_name: '田中' }, 'last_name', PROFILE_MSG.hrOnly],
    ['a residence change', { residence: '20' }, 'residence', PROFILE_MSG.hrOnly],
    ['a bad postal code', { postal_code: '12-34' }, 'postal_code', PROFILE_MSG.postalCode],
    ['a bad phone', { phone: '12345' }, 'phone', undefined],
    ['a bad email', { email: 'not-mail' }, 'email', undefined],
    ['an address too long', { address: 'あ'.repeat(201) }, 'address', undefined],
  ])('refuses %s: 400 in Japanese, nothing saved', async (_what, body, field, message) => {
    const before = await fingerprint();
    const res = await request(t.app)
      .patch(`/api/employees/${yamada}/`)
      .set(as.yamada!)
      .send({ address: '変更', ...body });
    expect(res.status).toBe(400);
    expect(res.body[field]).toBeDefined();
    if (message) expect(res.body[field]).toEqual([message]);
    expectJapaneseError(res.body);
    expect(await fingerprint()).toBe(before);
  });

  it('lets neither HR nor another employee change it (404)', async () => {
    const before = await fingerprint();
    for (const who of ['hr', 'suzuki'])
      expect(
        (await request(t.app).patch(`/api/employees/${yamada}/`).set(as[who]!).send({ address: 'x' })).status,
      ).toBe(404);
    expect((await request(t.app).patch(`/api/employees/${yamada}/`).send({ address: 'x' })).status).toBe(401);
    expect(await fingerprint()).toBe(before);
  });
});

describe('GET /api/employees/{id}/residence-status/', () => {
  it('shows the banner 90 and 30 days before expiry, not before', () => {
    const today = '2026-01-01';
    expect(residenceAlert(null, today)).toBeNull();
    expect(residenceAlert('2026-04-02', today)).toBeNull(); // 91 days
    expect(residenceAlert('2026-04-01', today)?.days_left).toBe(90);
    expect(residenceAlert('2026-01-31', today)?.days_left).toBe(30);
    expect(residenceAlert('2025-12-31', today)?.message).toContain('過ぎています');
  });

  it('answers the owner and HR with the status and the banner; others 404', async () => {
    const expiry = new Date(Date.parse(`${tokyoDate()}T00:00:00Z`) + 30 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    await t.db
      .update(employees)
      .set({ residenceStatus: '03', residenceExpiry: expiry })
      .where(eq(employees.id, yamada));
    for (const who of ['yamada', 'hr']) {
      const res = await request(t.app).get(`/api/employees/${yamada}/residence-status/`).set(as[who]!);
      expect(res.status).toBe(200);
      const status = ZResidenceStatus.parse(res.body);
      expect(status).toMatchObject({ residence_name: '技術・人文知識・国際業務', days_left: 30 });
      expect(status.alert?.message).toContain('あと 30 日');
    }
    expect(
      (await request(t.app).get(`/api/employees/${yamada}/residence-status/`).set(as.suzuki!)).status,
    ).toBe(404);
    expect((await request(t.app).get(`/api/employees/${yamada}/residence-status/`)).status).toBe(401);
  });
});

describe('account/avatar/', () => {
  it('re-encodes an uploaded image to a small square shown in account/me', async () => {
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer();
    const res = await request(t.app)
      .put('/api/account/avatar/')
      .set(as.yamada!)
      .send({ content: png.toString('base64') });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.avatar).toMatch(/^data:image\/webp;base64,/);
    const stored = Buffer.from(res.body.avatar.split(',')[1], 'base64');
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'webp', width: 192, height: 192 });
    const me = await request(t.app).post('/api/account/me/').set(as.yamada!);
    expect(me.body.me.avatar).toBe(res.body.avatar);
  });

  it.each([
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['text', Buffer.from('hello')],
    ['more than 2 MB', Buffer.alloc(2_097_153, 1)],
  ])('refuses %s: 400 in Japanese, nothing saved', async (_what, bytes) => {
    const before = await fingerprint();
    const res = await request(t.app)
      .put('/api/account/avatar/')
      .set(as.suzuki!)
      .send({ content: bytes.toString('base64') });
    expect(res.status).toBe(400);
    expectJapaneseError(res.body);
    expect(await fingerprint()).toBe(before);
  });

  it('needs a session', async () => {
    expect((await request(t.app).get('/api/account/avatar/')).status).toBe(401);
  });
});

describe('GET /api/postal-codes/{code}/', () => {
  it.each([
    ['1600023', '東京都新宿区西新宿'],
    ['100-0001', '東京都千代田区千代田'],
    ['１５００００２', '東京都渋谷区渋谷'],
  ])('finds %s offline: %s', async (code, address) => {
    const res = await request(t.app)
      .get(`/api/postal-codes/${encodeURIComponent(code)}/`)
      .set(as.yamada!);
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({ address });
  });

  it('answers 400 for a malformed code and 404 for an unknown one, in Japanese', async () => {
    const bad = await request(t.app).get('/api/postal-codes/12/').set(as.yamada!);
    expect(bad.status).toBe(400);
    expectJapaneseError(bad.body);
    const unknown = await request(t.app).get('/api/postal-codes/0000000/').set(as.yamada!);
    expect(unknown.status).toBe(404);
    expectJapaneseError(unknown.body);
  });
});
