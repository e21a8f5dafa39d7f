// The organisation chart's data: GET employees/ (search, organisation, who is left out) and
// organizations/' member_count; and GET home/.
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZEmployeePage } from '@portal/shared/contracts/employees';
import { ZHome } from '@portal/shared/contracts/home';
import { ZOrganization } from '@portal/shared/contracts/organizations';
import { employees } from '../src/db/schema/employees.ts';
import { organizations } from '../src/db/schema/organizations.ts';
import { users } from '../src/db/schema/users.ts';
import { createTestContext, type TestContext } from './support/test-context.ts';

let t: TestContext;
let access: string;
beforeAll(async () => {
  t = await createTestContext();
  access = (await t.signIn('yamada')).access;
});
afterAll(() => t?.close());

async function list(query: Record<string, string>) {
  const res = await request(t.app).get('/api/employees/').query(query).set(t.auth(access));
  expect(res.status).toBe(200);
  return ZEmployeePage.parse(res.body);
}

async function orgId(name: string): Promise<number> {
  const [row] = await t.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.name, name));
  return row!.id;
}

async function employeeOf(username: string) {
  const [row] = await t.db
    .select({ id: employees.id, code: employees.code, userId: employees.userId })
    .from(employees)
    .innerJoin(users, eq(users.id, employees.userId))
    .where(eq(users.username, username));
  return row!;
}

describe('GET /api/employees/', () => {
  it('finds suzuki by hiragana, katakana and his 社員番号, with his organisation, head title and no private fields', async () => {
    const suzuki = await employeeOf('suzuki');
    for (const query of ['すずき', 'スズキ', 'ｽｽﾞｷ', suzuki.code, '鈴木']) {
      const page = await list({ query });
      expect(
        page.results.map((r) => r.id),
        query,
      ).toContain(suzuki.id);
    }
    const [card] = (await list({ query: suzuki.code })).results.filter((r) => r.id === suzuki.id);
    expect(card).toMatchObject({ name: '鈴木 一郎', kana: 'スズキ イチロウ' });
    expect(card!.positions).toEqual([expect.objectContaining({ organization: '開発一課', is_head: true })]);
    const res = await request(t.app).get('/api/employees/').query({ query: suzuki.code }).set(t.auth(access));
    for (const forbidden of ['phone', 'address', 'birth_date', 'residence_status', 'postal_code'])
      expect(JSON.stringify(res.body)).not.toContain(`"${forbidden}"`);
  });

  it('lists an organisation alone or with those below it, and shows a 兼務 in each organisation', async () => {
    const dev = await orgId('開発部');
    const direct = await list({ organization: String(dev) });
    const below = await list({ organization: String(dev), below: '1' });
    expect(below.count).toBeGreaterThan(direct.count);
    expect(below.results.map((r) => r.name)).toContain('佐藤 浩二');
    expect(below.count).toBe(
      ZOrganization.array()
        .parse((await request(t.app).get('/api/organizations/').set(t.auth(access))).body)
        .find((o) => o.id === dev)?.member_count,
    );
    const hrga = await list({ organization: String(await orgId('人事総務部')) });
    const acc = await list({ organization: String(await orgId('経理部')) });
    const kimuraIn = (page: typeof hrga) => page.results.find((r) => r.name === '木村 明美');
    expect(kimuraIn(hrga)).toBeDefined();
    expect(kimuraIn(acc)).toBeDefined();
    expect(
      kimuraIn(hrga)!
        .positions.map((p) => p.is_part_time)
        .sort(),
    ).toEqual([false, true]);
  });

  it('gives every organisation the member_count that employees/ finds in it and below, a 兼務 counted once', async () => {
    const chart = ZOrganization.array().parse(
      (await request(t.app).get('/api/organizations/').set(t.auth(access))).body,
    );
    const byId = new Map(chart.map((o) => [o.id, o]));
    const above = (id: number): number[] =>
      byId.get(id)?.parent_id == null ? [id] : [id, ...above(byId.get(id)!.parent_id!)];
    // 木村 holds positions in 人事総務部 and 経理部, both below one organisation: the case counted twice
    // if the counts were only summed up the tree.
    const accounting = above(await orgId('経理部'));
    const shared = above(await orgId('人事総務部')).filter((id) => accounting.includes(id));
    expect(shared.length).toBeGreaterThan(0);
    for (const organization of chart) {
      const below = await list({ organization: String(organization.id), below: '1' });
      expect(organization.member_count, organization.name).toBe(below.count);
    }
  });

  it('pages by 10', async () => {
    const first = await list({});
    expect(first.results).toHaveLength(10);
    expect(first.count).toBeGreaterThan(10);
    expect(first.next).toContain('page=2');
  });

  it('finds フリガナ stored in hiragana by katakana, and follows an edit of it (the generated kana_key)', async () => {
    const mori = await employeeOf('mori');
    const [was] = await t.db
      .select({ last: employees.lastNameKana, first: employees.firstNameKana })
      .from(employees)
      .where(eq(employees.id, mori.id));
    await t.db
      .update(employees)
      .set({ lastNameKana: 'もりやま', firstNameKana: 'はなこ' })
      .where(eq(employees.id, mori.id));
    try {
      for (const query of ['モリヤマ', 'もりやま', 'ﾓﾘﾔﾏ'])
        expect(
          (await list({ query })).results.map((r) => r.id),
          query,
        ).toContain(mori.id);
    } finally {
      await t.db
        .update(employees)
        .set({ lastNameKana: was!.last, firstNameKana: was!.first })
        .where(eq(employees.id, mori.id));
    }
    expect((await list({ query: 'モリヤマ' })).results.map((r) => r.id)).not.toContain(mori.id);
  });

  it('leaves out future joiners, the deactivated and closed organisations', async () => {
    const mori = await employeeOf('mori');
    const fujii = await employeeOf('fujii');
    expect((await list({ query: 'モリ' })).results.map((r) => r.id)).toContain(mori.id);
    expect((await list({ query: 'ふじい' })).results.map((r) => r.id)).toContain(fujii.id);
    const acc1 = await orgId('経理課');
    const before = await list({ organization: String(acc1) });
    expect(before.count).toBeGreaterThan(0);

    await t.db
      .update(employees)
      .set({ joinDate: sql`(now() at time zone 'Asia/Tokyo')::date + 1` })
      .where(eq(employees.id, mori.id));
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, fujii.userId!));
    await t.db.update(organizations).set({ closedAt: new Date() }).where(eq(organizations.id, acc1));
    try {
      expect((await list({ query: 'モリ' })).results.map((r) => r.id)).not.toContain(mori.id);
      expect((await list({ query: 'ふじい' })).results.map((r) => r.id)).not.toContain(fujii.id);
      expect((await list({ organization: String(acc1) })).count).toBe(0);
      const everyone = await list({ query: '' });
      const all = [];
      for (let page = 1; page <= Math.ceil(everyone.count / 10); page++)
        all.push(...(await list({ page: String(page) })).results);
      expect(all).toHaveLength(everyone.count);
      expect(all.flatMap((r) => r.positions.map((p) => p.organization_id))).not.toContain(acc1);
    } finally {
      await t.db.update(employees).set({ joinDate: '2021-04-01' }).where(eq(employees.id, mori.id));
      await t.db.update(users).set({ isActive: true }).where(eq(users.id, fujii.userId!));
      await t.db.update(organizations).set({ closedAt: null }).where(eq(organizations.id, acc1));
    }
  });

  it('answers a query that is too long with 400 and the field label', async () => {
    const res = await request(t.app)
      .get('/api/employees/')
      .query({ query: 'あ'.repeat(101) })
      .set(t.auth(access));
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('検索文字列');
  });

  it('needs a signed-in user', async () => {
    expect((await request(t.app).get('/api/employees/')).status).toBe(401);
  });
});

describe('GET /api/home/', () => {
  it("gives yamada this month's attendance, paid leave, the next days off and his workflows", async () => {
    const res = await request(t.app).get('/api/home/').set(t.auth(access));
    expect(res.status).toBe(200);
    const home = ZHome.parse(res.body);
    expect(home.attendance).not.toBeNull();
    expect(home.attendance!.status_name).toMatch(/^(未入力|下書き|申請中|差戻し|完了)$/);
    expect(home.paid_leave).not.toBeNull();
    expect(home.days_off).toHaveLength(3);
    for (const day of home.days_off) expect(day.name).not.toBe('');
    expect(home.frequent_workflows.length).toBeLessThanOrEqual(3);
  });
});
