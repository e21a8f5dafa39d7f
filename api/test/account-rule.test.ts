// Issue 32, findings 2–4: one rule for acting on another account (api/src/modules/admin/account-guard.ts).
// hr holds the console's people permissions but not permission administration and heads nothing: she
// may not change the sign-in e-mail or employee number, the password, the activity or the Lark binding
// of a superuser, of a permissions administrator or of a head, and she may not name heads at all
// (is_head in positions, person creation and the import). Each refusal is a Japanese 403 (the import:
// an error at the row's line) and changes nothing; her ordinary work on people who hold nothing more
// than she does still goes through.
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TImportPreview } from '@portal/shared/contracts/admin-import';
import { IMPORT_COLUMNS } from '@portal/shared/contracts/admin-import';
import { PERM } from '@portal/shared/permissions';
import { ACCOUNT_MSG } from '../src/modules/admin/account-guard.ts';
import { PEOPLE_MSG } from '../src/modules/admin/people/messages.ts';
import { createTestContext, expectJapaneseError, type TestContext } from './support/test-context.ts';
import { tokens, type As } from './support/workflow-fixtures.ts';

let t: TestContext;
let as: As;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function employeeId(username: string): Promise<number> {
  const [row] = await rows<{ id: number }>(
    sql`select e.id from employees e join users u on u.id = e.user_id where u.username = ${username}`,
  );
  return row!.id;
}

async function orgId(name: string): Promise<number> {
  const [row] = await rows<{ id: number }>(sql`select id from organizations where name = ${name}`);
  return row!.id;
}

/** A digest of every table the console writes, to tell that a refused request changed nothing. */
async function digest(): Promise<string> {
  const tables = [
    'organizations',
    'employees',
    'contracts',
    'positions',
    'users',
    'user_permissions',
    'user_groups',
    'lark_bindings',
    'auth_sessions',
    'admin_audit_log',
  ];
  const parts = tables.map(
    (table) =>
      sql`select ${table} as name, md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as d
        from ${sql.identifier(table)} r`,
  );
  return JSON.stringify(await rows(sql.join(parts, sql` union all `)));
}

// ishii (人事課) is made a superuser, mori a permissions administrator; neither heads anything.
// suzuki heads 開発一課. ikeda holds nothing hr lacks.
beforeAll(async () => {
  t = await createTestContext();
  as = tokens(t);
  await t.db.execute(sql`update users set is_superuser = true, is_staff = true,
    email = 'ishii@example.com' where username = 'ishii'`);
  await t.db.execute(
    sql`update users set is_staff = true, email = 'mori@example.com' where username = 'mori'`,
  );
  await t.db.execute(sql`insert into user_permissions (user_id, permission_id)
    select u.id, p.id from users u, permissions p
    where u.username = 'mori' and p.codename in (${PERM.viewGroup}, ${PERM.changeGroup})`);
  await t.db.execute(sql`insert into lark_bindings (user_id, open_id)
    select id, 'ou_mori' from users where username = 'mori'`);
  const [heads] = await rows<{ n: number }>(sql`select count(*)::int as n from organizations o
    join employees e on e.id = o.head_employee_id join users u on u.id = e.user_id
    where u.username in ('hr', 'ishii', 'mori', 'ikeda')`);
  expect(Number(heads!.n)).toBe(0);
});
afterAll(() => t?.close());

async function refused(res: request.Response, message: string = ACCOUNT_MSG.outranked) {
  expect(res.status, JSON.stringify(res.body)).toBe(403);
  expectJapaneseError(res.body);
  expect(res.body.detail).toBe(message);
}

describe('hr acting on an account that holds more than she does', () => {
  const cases: {
    what: string;
    target: string;
    send: (id: number, hr: Record<string, string>) => Promise<request.Response>;
    message?: string;
  }[] = [
    {
      what: "changes a superuser's e-mail",
      target: 'ishii',
      send: (id, hr) =>
        request(t.app).patch(`/api/admin/people/${id}/`).set(hr).send({ email: 'hr-mailbox@example.com' }),
      message: ACCOUNT_MSG.superuserOnly,
    },
    {
      what: "changes a superuser's e-mail only in case",
      target: 'ishii',
      send: (id, hr) =>
        request(t.app).patch(`/api/admin/people/${id}/`).set(hr).send({ email: 'ISHII@example.com' }),
      message: ACCOUNT_MSG.superuserOnly,
    },
    {
      what: "changes a permissions administrator's e-mail",
      target: 'mori',
      send: (id, hr) =>
        request(t.app).patch(`/api/admin/people/${id}/`).set(hr).send({ email: 'hr-mailbox@example.com' }),
    },
    {
      what: "changes a permissions administrator's employee number (Lark and CAS match by it)",
      target: 'mori',
      send: (id, hr) => request(t.app).patch(`/api/admin/people/${id}/`).set(hr).send({ code: 'X9999' }),
    },
    {
      what: "resets a permissions administrator's password",
      target: 'mori',
      send: (id, hr) =>
        request(t.app).post(`/api/admin/people/${id}/password/`).set(hr).send({ password: 'taken-over-1' }),
    },
    {
      what: 'deactivates a permissions administrator',
      target: 'mori',
      send: (id, hr) =>
        request(t.app).post(`/api/admin/people/${id}/deactivate/`).set(hr).send({ confirm: true }),
    },
    {
      what: "removes a permissions administrator's Lark binding",
      target: 'mori',
      send: (id, hr) => request(t.app).delete(`/api/admin/people/${id}/lark/`).set(hr),
    },
    {
      what: "changes a head's e-mail (a headship she lacks)",
      target: 'suzuki',
      send: (id, hr) =>
        request(t.app).patch(`/api/admin/people/${id}/`).set(hr).send({ email: 'hr-mailbox@example.com' }),
    },
    {
      what: "resets a head's password",
      target: 'suzuki',
      send: (id, hr) =>
        request(t.app).post(`/api/admin/people/${id}/password/`).set(hr).send({ password: 'taken-over-1' }),
    },
  ];
  for (const c of cases)
    it(`is refused when she ${c.what}, and nothing changes`, async () => {
      const id = await employeeId(c.target);
      const hr = await as('hr');
      const before = await digest();
      await refused(await c.send(id, hr), c.message);
      expect(await digest()).toBe(before);
    });

  it('is refused reactivating a deactivated permissions administrator', async () => {
    const id = await employeeId('mori');
    const off = await request(t.app)
      .post(`/api/admin/people/${id}/deactivate/`)
      .set(await as('admin'))
      .send({ confirm: true });
    expect(off.status).toBe(200);
    try {
      const before = await digest();
      await refused(
        await request(t.app)
          .post(`/api/admin/people/${id}/reactivate/`)
          .set(await as('hr'))
          .send({ confirm: true }),
      );
      expect(await digest()).toBe(before);
    } finally {
      const on = await request(t.app)
        .post(`/api/admin/people/${id}/reactivate/`)
        .set(await as('admin'))
        .send({ confirm: true });
      expect(on.status).toBe(200);
    }
  });

  it('still lets her rename them and resend their unchanged e-mail and number (the whole edit form)', async () => {
    const id = await employeeId('mori');
    const [person] = await rows<{ code: string; email: string }>(
      sql`select e.code, u.email from employees e join users u on u.id = e.user_id where e.id = ${id}`,
    );
    await t.db.execute(sql`update employees set email = ${person!.email} where id = ${id}`);
    const res = await request(t.app)
      .patch(`/api/admin/people/${id}/`)
      .set(await as('hr'))
      .send({ first_name: '二郎', email: person!.email, code: person!.code });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.name).toMatch(/二郎$/);
  });
});

describe("the person's detail", () => {
  it('says whether the caller may change the account, so the console offers only what is allowed', async () => {
    const allowed = async (username: string, caller: string) =>
      (
        await request(t.app)
          .get(`/api/admin/people/${await employeeId(username)}/`)
          .set(await as(caller))
      ).body.allowed;
    expect(await allowed('ishii', 'hr')).toEqual({ account: false });
    expect(await allowed('mori', 'hr')).toEqual({ account: false });
    expect(await allowed('suzuki', 'hr')).toEqual({ account: false });
    expect(await allowed('ikeda', 'hr')).toEqual({ account: true });
    expect(await allowed('hr', 'hr')).toEqual({ account: true });
    expect(await allowed('mori', 'admin')).toEqual({ account: true });
  });
});

describe('hr acting on an account that holds nothing she lacks', () => {
  it("changes the e-mail and resets the password of ikeda, and a superuser does the same to a superuser's", async () => {
    const ikeda = await employeeId('ikeda');
    const hr = await as('hr');
    const mail = await request(t.app)
      .patch(`/api/admin/people/${ikeda}/`)
      .set(hr)
      .send({ email: 'ikeda.new@example.com' });
    expect(mail.status, JSON.stringify(mail.body)).toBe(200);
    expect(mail.body.email).toBe('ikeda.new@example.com');
    const reset = await request(t.app)
      .post(`/api/admin/people/${ikeda}/password/`)
      .set(hr)
      .send({ password: 'temporary-3' });
    expect(reset.status).toBe(200);

    const ishii = await employeeId('ishii');
    const bySuperuser = await request(t.app)
      .patch(`/api/admin/people/${ishii}/`)
      .set(await as('admin'))
      .send({ email: 'ishii.new@example.com' });
    expect(bySuperuser.status).toBe(200);
    const [account] = await rows<{ email: string }>(sql`select email from users where username = 'ishii'`);
    expect(account!.email).toBe('ishii.new@example.com');
  });
});

const HEADER: string[] = IMPORT_COLUMNS.map((c) => c.label);

function importFile(rowsOf: Record<string, string>[]) {
  const line = (cells: string[]) => cells.map((c) => `"${c}"`).join(',');
  const body = rowsOf.map((r) => line(HEADER.map((h) => r[h] ?? '')));
  return {
    file_name: 'heads.csv',
    content: Buffer.from(`${[line(HEADER), ...body].join('\r\n')}\r\n`).toString('base64'),
  };
}

const importRow = (n: number, over: Record<string, string> = {}) => ({
  社員番号: `HD${n}`,
  姓: '長',
  名: `太郎${n}`,
  メールアドレス: `head${n}@example.test`,
  ユーザー名: `head${n}`,
  入社日: '2026-04-01',
  所属組織: '開発一課',
  契約開始日: '2026-04-01',
  始業時刻: '09:00',
  終業時刻: '18:00',
  ...over,
});

describe('collisions in letter case (an attacker copying a sign-in key)', () => {
  const newPerson = (over: Record<string, string>) => ({
    code: 'C0001',
    last_name: '複製',
    first_name: '花子',
    last_name_kana: '',
    first_name_kana: '',
    email: 'copy@example.com',
    username: 'copy',
    password: 'temporary-1',
    contract: { start_date: '2026-04-01', end_date: null, work_start_time: '09:00', work_end_time: '18:00' },
    position: { organization_id: 0, title: '一般', is_part_time: false, is_head: false },
    ...over,
  });

  it('refuses a new username or e-mail another account holds in another case, writing nothing', async () => {
    const org = await orgId('開発二課');
    const hr = await as('hr');
    const before = await digest();
    for (const [field, over] of [
      ['username', { username: 'ADMIN' }],
      ['email', { email: 'YAMADA@example.com' }],
    ] as const) {
      const body = newPerson(over);
      const res = await request(t.app)
        .post('/api/admin/people/')
        .set(hr)
        .send({ ...body, position: { ...body.position, organization_id: org } });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(Object.keys(res.body)).toEqual([field]);
      expectJapaneseError(res.body);
    }
    const patched = await request(t.app)
      .patch(`/api/admin/people/${await employeeId('ikeda')}/`)
      .set(hr)
      .send({ email: 'Yamada@Example.com' });
    expect(patched.status).toBe(400);
    expect(patched.body).toEqual({ email: [PEOPLE_MSG.emailTaken] });
    expect(await digest()).toBe(before);
  });

  it('refuses them in the import at their lines, and an e-mail repeated within the file', async () => {
    const file = importFile([
      importRow(11, { ユーザー名: 'Admin' }),
      importRow(12, { メールアドレス: 'ADMIN@example.com' }), // the superuser's
      importRow(13, { メールアドレス: 'same@example.test' }),
      importRow(14, { メールアドレス: 'SAME@example.test' }),
    ]);
    const res = await request(t.app)
      .post('/api/admin/people-import/check/')
      .set(await as('hr'))
      .send(file);
    expect((res.body as TImportPreview).errors).toEqual([
      { row: 2, column: 'ユーザー名', message: PEOPLE_MSG.usernameTaken },
      { row: 3, column: 'メールアドレス', message: PEOPLE_MSG.emailTaken },
      { row: 5, column: 'メールアドレス', message: 'メールアドレス が 4 行目と重複しています。' },
    ]);
  });
});

describe('is_head without organization.change_organization (hr)', () => {
  it('is refused in POST people/{id}/positions/, and nothing changes', async () => {
    const before = await digest();
    const res = await request(t.app)
      .post(`/api/admin/people/${await employeeId('hr')}/positions/`)
      .set(await as('hr'))
      .send({ organization_id: await orgId('開発一課'), title: '課長', is_part_time: true, is_head: true });
    await refused(res, ACCOUNT_MSG.headNeedsPermission);
    expect(await digest()).toBe(before);
  });

  it('is refused in POST people/, and nothing changes', async () => {
    const before = await digest();
    const res = await request(t.app)
      .post('/api/admin/people/')
      .set(await as('hr'))
      .send({
        code: 'H0001',
        last_name: '傀儡',
        first_name: '課長',
        last_name_kana: '',
        first_name_kana: '',
        email: 'puppet@example.com',
        username: 'puppet',
        password: 'temporary-1',
        contract: {
          start_date: '2026-04-01',
          end_date: null,
          work_start_time: '09:00',
          work_end_time: '18:00',
        },
        position: {
          organization_id: await orgId('開発一課'),
          title: '課長',
          is_part_time: false,
          is_head: true,
        },
      });
    await refused(res, ACCOUNT_MSG.headNeedsPermission);
    expect(await digest()).toBe(before);
  });

  it("is refused at the import row's line (組織の長), and the confirm writes nothing", async () => {
    const file = importFile([importRow(1), importRow(2, { 組織の長: '○', 役職: '課長' })]);
    const check = await request(t.app)
      .post('/api/admin/people-import/check/')
      .set(await as('hr'))
      .send(file);
    expect(check.status).toBe(200);
    const preview = check.body as TImportPreview;
    expect(preview.errors).toEqual([
      { row: 3, column: '組織の長', message: ACCOUNT_MSG.headNeedsPermission },
    ]);
    const before = await digest();
    const confirm = await request(t.app)
      .post('/api/admin/people-import/confirm/')
      .set(await as('hr'))
      .send({ ...file, token: preview.token });
    expect(confirm.status).toBe(400);
    expectJapaneseError(confirm.body);
    expect(await digest()).toBe(before);
  });
});

describe('is_head for a deactivated person, even by a superuser', () => {
  it('is a 400 on is_head, as PUT organizations/{id}/head/ answers', async () => {
    const ikeda = await employeeId('ikeda');
    const admin = await as('admin');
    expect(
      (await request(t.app).post(`/api/admin/people/${ikeda}/deactivate/`).set(admin).send({ confirm: true }))
        .status,
    ).toBe(200);
    const before = await digest();
    const res = await request(t.app)
      .post(`/api/admin/people/${ikeda}/positions/`)
      .set(admin)
      .send({ organization_id: await orgId('開発二課'), title: '課長', is_part_time: true, is_head: true });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ is_head: [ACCOUNT_MSG.headInactive] });
    expect(await digest()).toBe(before);
    const head = await request(t.app)
      .put(`/api/admin/organizations/${await orgId('開発二課')}/head/`)
      .set(admin)
      .send({ head_employee_id: ikeda });
    expect(head.status).toBe(400);
    expect(head.body).toEqual({ head_employee_id: [ACCOUNT_MSG.headInactive] });
  });
});
