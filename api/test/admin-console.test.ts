// Issue 14, acceptance 1 and 3: the administration console's API. Every console endpoint (found from
// the route table) refuses a non-staff user and a staff user without the resource's permission;
// superuser-only changes are refused to other staff; bad input is a 400 with Japanese field messages
// and writes nothing; deactivation revokes the sessions at once; a new section head receives the
// next submission from that section while requests in progress stay where they were, and the audit
// keeps the change with before and after.
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TAdminDeactivation,
  TAdminHeadChange,
  TAdminOrganization,
  TAdminPerson,
  TAuditEntry,
} from '@portal/shared/contracts/admin';
import type { TPage } from '@portal/shared/contracts/pagination';
import { PERM } from '@portal/shared/permissions';
import { users } from '../src/db/schema/users.ts';
import { listRoutes, type RouteEntry } from '../src/route-table.ts';
import { createTestContext, expectJapaneseError, type TestContext } from './support/test-context.ts';
import { cheapDemoHash } from './support/test-password.ts';
import { createWorkflow, nodesOf, submit, tokens, userId, type As } from './support/workflow-fixtures.ts';

let t: TestContext;
let as: As;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function orgId(name: string): Promise<number> {
  const [row] = await rows<{ id: number }>(sql`select id from organizations where name = ${name}`);
  return row!.id;
}

async function employeeId(username: string): Promise<number> {
  const [row] = await rows<{ id: number }>(
    sql`select e.id from employees e join users u on u.id = e.user_id where u.username = ${username}`,
  );
  return row!.id;
}

async function auditCount(): Promise<number> {
  const [row] = await rows<{ n: number }>(sql`select count(*)::int as n from admin_audit_log`);
  return Number(row!.n);
}

/** A digest of the tables the console writes, to tell that a refused request wrote nothing. */
async function digest(): Promise<string> {
  const tables = [
    'organizations',
    'employees',
    'contracts',
    'positions',
    'users',
    'groups',
    'group_permissions',
    'user_groups',
    'user_permissions',
    'admin_audit_log',
  ];
  const parts = tables.map(
    (table) =>
      sql`select ${table} as name, md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as d
        from ${sql.identifier(table)} r`,
  );
  const result = await rows<{ name: string; d: string }>(sql.join(parts, sql` union all `));
  return JSON.stringify(result);
}

beforeAll(async () => {
  t = await createTestContext();
  as = tokens(t);
  const passwordHash = await cheapDemoHash();
  await t.db.insert(users).values([
    { username: 'staff_none', fullName: '権限なしスタッフ', passwordHash, isStaff: true },
    { username: 'staff_perms', fullName: '権限担当スタッフ', passwordHash, isStaff: true },
  ]);
  // staff_perms may edit groups and users' permissions, but is no superuser; it grants only what it
  // holds (admin-console-rules.test.ts), so it holds the permission it grants below.
  await t.db.execute(sql`insert into user_permissions (user_id, permission_id)
    select u.id, p.id from users u, permissions p
    where u.username = 'staff_perms'
      and p.codename in (${PERM.viewGroup}, ${PERM.changeGroup}, ${PERM.viewEmployee})`);
});
afterAll(() => t?.close());

function fill(route: RouteEntry, id: string): string {
  return route.path.replace(/:id/g, id);
}

async function call(route: RouteEntry, username: string, id: string) {
  return request(t.app)
    [route.method](fill(route, id))
    .set(await as(username))
    .send(route.method === 'get' || route.method === 'delete' ? undefined : {});
}

describe('every console endpoint', () => {
  const consoleRoutes = () => listRoutes(t.app).filter((route) => route.module === 'admin');

  it('is listed under /api/admin/', () => {
    const paths = consoleRoutes().map((r) => `${r.method} ${r.path}`);
    expect(paths.length).toBeGreaterThanOrEqual(20);
    for (const path of paths) expect(path).toMatch(/^\w+ \/api\/admin\//);
  });

  it('refuses a user without is_staff, even one holding permissions, and writes nothing', async () => {
    // Signed in first: a sign-in writes the user's last_login.
    await as('yamada');
    await as('kato');
    const before = await digest();
    // kato holds employee.view_attendance_org_only; hr's group permissions are checked below.
    for (const username of ['yamada', 'kato']) {
      for (const route of consoleRoutes()) {
        const res = await call(route, username, '1');
        expect(res.status, `${username} ${route.method} ${route.path}`).toBe(403);
        expectJapaneseError(res.body);
      }
    }
    expect(await digest()).toBe(before);
  });

  it('refuses a staff user without the resource permission (403), writing nothing', async () => {
    await as('staff_none');
    const before = await digest();
    for (const route of consoleRoutes()) {
      const res = await call(route, 'staff_none', '1');
      expect(res.status, `${route.method} ${route.path}`).toBe(403);
    }
    expect(await digest()).toBe(before);
  });

  it('lets hr (staff with the HR permissions) into people but not permissions or the audit', async () => {
    const allowed = await request(t.app)
      .get('/api/admin/people/')
      .set(await as('hr'));
    expect(allowed.status).toBe(200);
    for (const path of ['/api/admin/permissions/', '/api/admin/groups/', '/api/admin/audit/']) {
      const res = await request(t.app)
        .get(path)
        .set(await as('hr'));
      expect(res.status, path).toBe(403);
    }
    const yamada = await userId(t, 'yamada');
    const access = await request(t.app)
      .get(`/api/admin/users/${yamada}/access/`)
      .set(await as('hr'));
    expect(access.status).toBe(403);
  });
});

describe('superuser-only changes', () => {
  it('refuses is_staff and is_superuser changes to other staff, but lets them set groups', async () => {
    const yamada = await userId(t, 'yamada');
    const path = `/api/admin/users/${yamada}/access/`;
    const current = await request(t.app)
      .get(path)
      .set(await as('staff_perms'));
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({ is_staff: false, is_superuser: false, groups: [] });

    const before = await digest();
    for (const flags of [
      { is_staff: true, is_superuser: false },
      { is_staff: false, is_superuser: true },
    ]) {
      const res = await request(t.app)
        .put(path)
        .set(await as('staff_perms'))
        .send({ groups: [], permissions: [], ...flags });
      expect(res.status).toBe(403);
      expectJapaneseError(res.body);
    }
    expect(await digest()).toBe(before);

    const ok = await request(t.app)
      .put(path)
      .set(await as('staff_perms'))
      .send({ groups: [], permissions: [PERM.viewEmployee], is_staff: false, is_superuser: false });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.permissions).toEqual([PERM.viewEmployee]);

    const bySuperuser = await request(t.app)
      .put(path)
      .set(await as('admin'))
      .send({ groups: [], permissions: [], is_staff: true, is_superuser: false });
    expect(bySuperuser.status).toBe(200);
    const reset = await request(t.app)
      .put(path)
      .set(await as('admin'))
      .send({ groups: [], permissions: [], is_staff: false, is_superuser: false });
    expect(reset.status).toBe(200);
  });

  it('lists every permission with its Japanese description', async () => {
    const res = await request(t.app)
      .get('/api/admin/permissions/')
      .set(await as('admin'));
    expect(res.status).toBe(200);
    const list = res.body as { codename: string; label: string }[];
    expect(list.map((p) => p.codename).sort()).toEqual(Object.values(PERM).sort());
    for (const p of list) expect(p.label).toMatch(/[\u3040-\u30ff\u3400-\u9fff]/);
  });
});

describe('bad input', () => {
  it('answers 400 with Japanese field messages on every writing endpoint, writing nothing', async () => {
    const dev1 = await orgId('開発一課');
    const person = await employeeId('mori');
    const group = (await rows<{ id: number }>(sql`select id from groups limit 1`))[0]!.id;
    const yamada = await userId(t, 'yamada');
    const goodContract = {
      start_date: '2026-04-01',
      end_date: null,
      work_start_time: '09:00',
      work_end_time: '18:00',
    };
    const cases: { method: 'post' | 'put' | 'patch'; path: string; body: unknown; field: string }[] = [
      {
        method: 'post',
        path: '/api/admin/organizations/',
        body: { name: '', level: '10', parent_id: dev1 },
        field: 'name',
      },
      {
        method: 'post',
        path: '/api/admin/organizations/',
        body: { name: '新課', level: '99', parent_id: dev1 },
        field: 'level',
      },
      {
        method: 'post',
        path: '/api/admin/organizations/',
        body: { name: '新課', level: '10', parent_id: null },
        field: 'parent_id',
      },
      // A 課 may not sit under a 課.
      {
        method: 'post',
        path: '/api/admin/organizations/',
        body: { name: '新課', level: '10', parent_id: dev1 },
        field: 'parent_id',
      },
      {
        method: 'patch',
        path: `/api/admin/organizations/${dev1}/`,
        body: { name: 'x'.repeat(101) },
        field: 'name',
      },
      {
        method: 'patch',
        path: `/api/admin/organizations/${dev1}/`,
        body: { nickname: 'x' },
        field: 'nickname',
      },
      {
        method: 'put',
        path: `/api/admin/organizations/${dev1}/head/`,
        body: { head_employee_id: 999999 },
        field: 'head_employee_id',
      },
      {
        method: 'put',
        path: `/api/admin/organizations/${dev1}/head/`,
        body: { head_employee_id: 'a' },
        field: 'head_employee_id',
      },
      {
        method: 'post',
        path: '/api/admin/people/',
        body: {
          code: 'E0001',
          last_name: '新',
          first_name: '人',
          last_name_kana: '',
          first_name_kana: '',
          email: '',
          username: 'newbie',
          password: 'temporary-1',
          contract: goodContract,
          position: { organization_id: dev1, title: '一般', is_part_time: false, is_head: false },
        },
        field: 'code',
      },
      {
        method: 'post',
        path: '/api/admin/people/',
        body: {
          code: 'N9001',
          last_name: '新',
          first_name: '人',
          last_name_kana: '',
          first_name_kana: '',
          email: 'bad',
          username: 'newbie',
          password: 'short',
          contract: { ...goodContract, end_date: '2026-03-01' },
          position: { organization_id: dev1, title: '一般', is_part_time: false, is_head: false },
        },
        field: 'contract.end_date',
      },
      { method: 'patch', path: `/api/admin/people/${person}/`, body: { email: 'not-mail' }, field: 'email' },
      { method: 'patch', path: `/api/admin/people/${person}/`, body: {}, field: 'non_field_errors' },
      { method: 'post', path: `/api/admin/people/${person}/deactivate/`, body: {}, field: 'confirm' },
      {
        method: 'post',
        path: `/api/admin/people/${person}/reactivate/`,
        body: { confirm: 'yes' },
        field: 'confirm',
      },
      {
        method: 'post',
        path: `/api/admin/people/${person}/password/`,
        body: { password: 'short' },
        field: 'password',
      },
      {
        method: 'post',
        path: `/api/admin/people/${person}/contracts/`,
        body: { ...goodContract, work_start_time: '25:00' },
        field: 'work_start_time',
      },
      {
        method: 'post',
        path: `/api/admin/people/${person}/positions/`,
        body: { organization_id: dev1, title: '', is_part_time: true, is_head: false },
        field: 'organization_id',
      },
      {
        method: 'post',
        path: '/api/admin/groups/',
        body: { name: '経理', permissions: ['no.such_perm'] },
        field: 'permissions.0',
      },
      {
        method: 'put',
        path: `/api/admin/groups/${group}/`,
        body: { name: '', permissions: [] },
        field: 'name',
      },
      {
        method: 'put',
        path: `/api/admin/users/${yamada}/access/`,
        body: { groups: [999999], permissions: [], is_staff: false, is_superuser: false },
        field: 'groups',
      },
    ];
    const [contract] = await rows<{ id: number }>(
      sql`select c.id from contracts c join employees e on e.id = c.employee_id where e.code = 'E0001' limit 1`,
    );
    cases.push(
      {
        method: 'patch',
        path: `/api/admin/contracts/${contract!.id}/`,
        body: { end_date: '1900-01-01' },
        field: 'end_date',
      },
      {
        method: 'patch',
        path: `/api/admin/contracts/${contract!.id}/`,
        body: { end_date: '2026-02-30' },
        field: 'end_date',
      },
      { method: 'patch', path: `/api/admin/contracts/${contract!.id}/`, body: {}, field: 'non_field_errors' },
    );
    const before = await digest();
    for (const c of cases) {
      const res = await request(t.app)
        [c.method](c.path)
        .set(await as('admin'))
        .send(c.body as object);
      const what = `${c.method} ${c.path} ${JSON.stringify(c.body).slice(0, 80)} → ${JSON.stringify(res.body)}`;
      expect(res.status, what).toBe(400);
      expect(Object.keys(res.body as object), what).toContain(c.field);
      expectJapaneseError(res.body);
    }
    expect(await digest()).toBe(before);
  });
});

describe('organisations', () => {
  it('creates, renames, moves and closes only when empty, each recorded', async () => {
    const admin = await as('admin');
    const dev = await orgId('開発部');
    const sales = await orgId('営業部');
    const created = await request(t.app)
      .post('/api/admin/organizations/')
      .set(admin)
      .send({ name: '開発三課', level: '10', parent_id: dev });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = (created.body as TAdminOrganization).id;

    const renamed = await request(t.app)
      .patch(`/api/admin/organizations/${id}/`)
      .set(admin)
      .send({ name: '開発第三課' });
    expect(renamed.body).toMatchObject({ name: '開発第三課', parent_id: dev });
    const moved = await request(t.app)
      .patch(`/api/admin/organizations/${id}/`)
      .set(admin)
      .send({ parent_id: sales });
    expect(moved.body).toMatchObject({ parent_id: sales });

    // A 部 cannot move under its own 課.
    const cycle = await request(t.app)
      .patch(`/api/admin/organizations/${sales}/`)
      .set(admin)
      .send({ parent_id: id });
    expect(cycle.status).toBe(400);
    expectJapaneseError(cycle.body);

    const occupied = await request(t.app)
      .delete(`/api/admin/organizations/${await orgId('開発一課')}/`)
      .set(admin);
    expect(occupied.status).toBe(409);
    expectJapaneseError(occupied.body);

    const closed = await request(t.app).delete(`/api/admin/organizations/${id}/`).set(admin);
    expect(closed.status).toBe(204);
    const list = await request(t.app).get('/api/admin/organizations/').set(admin);
    expect((list.body as TAdminOrganization[]).some((o) => o.id === id)).toBe(false);
    const chart = await request(t.app)
      .get('/api/organizations/')
      .set(await as('yamada'));
    expect((chart.body as { id: number }[]).some((o) => o.id === id)).toBe(false);

    const trail = await request(t.app)
      .get(`/api/admin/audit/?resource=organizations&object_id=${id}`)
      .set(admin);
    expect((trail.body as TPage<TAuditEntry>).results.map((e) => e.action)).toEqual([
      'close',
      'move',
      'update',
      'create',
    ]);
  });
});

describe('acceptance 3: a new section head', () => {
  it('receives the next submission from the section; requests in progress stay; the audit has before and after', async () => {
    const workflowId = await createWorkflow(t, {
      name: '課長承認テスト',
      nodes: [{ order: 1, dispatch: '02', name: '課長承認' }],
    });
    const earlier = await submit(t, as, 'yamada', workflowId);
    const suzuki = await userId(t, 'suzuki');
    const mori = await userId(t, 'mori');
    expect((await nodesOf(t, as, 'yamada', earlier.id))[0]!.approvers.map((a) => a.id)).toEqual([suzuki]);

    const dev1 = await orgId('開発一課');
    const res = await request(t.app)
      .put(`/api/admin/organizations/${dev1}/head/`)
      .set(await as('admin'))
      .send({ head_employee_id: await employeeId('mori') });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const change = res.body as TAdminHeadChange;
    expect(change.rerouted_requests).toBe(0);
    expect(change.open_requests_kept).toBeGreaterThanOrEqual(1);
    expect(change.organization.head_name).toBe('森 さくら');

    const next = await submit(t, as, 'yamada', workflowId);
    expect((await nodesOf(t, as, 'yamada', next.id))[0]!.approvers.map((a) => a.id)).toEqual([mori]);
    // The request submitted before still awaits the previous head.
    expect((await nodesOf(t, as, 'yamada', earlier.id))[0]!.approvers.map((a) => a.id)).toEqual([suzuki]);

    const trail = await request(t.app)
      .get(`/api/admin/audit/?resource=organizations&object_id=${dev1}`)
      .set(await as('admin'));
    const [entry] = (trail.body as TPage<TAuditEntry>).results;
    expect(entry).toMatchObject({
      action: 'set_head',
      actor_name: 'admin',
      object_label: '開発一課',
      before: { head_employee_id: await employeeId('suzuki'), head_name: '鈴木 一郎' },
      after: { head_employee_id: await employeeId('mori'), head_name: '森 さくら' },
    });

    const csv = await request(t.app)
      .get('/api/admin/audit/csv/?resource=organizations')
      .set(await as('admin'));
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.text.startsWith('\uFEFF"日時","操作者"')).toBe(true);
    expect(csv.text).toContain('"長の変更"');
    expect(csv.text).toContain('森 さくら');

    // Back as it was, for the tests after this one.
    await request(t.app)
      .put(`/api/admin/organizations/${dev1}/head/`)
      .set(await as('admin'))
      .send({ head_employee_id: await employeeId('suzuki') });
  });
});

describe('people', () => {
  it('creates an employee with an account, a contract and a position; the temporary password must be changed', async () => {
    const dev2 = await orgId('開発二課');
    const res = await request(t.app)
      .post('/api/admin/people/')
      .set(await as('hr'))
      .send({
        code: 'N0001',
        last_name: '新井',
        first_name: '健',
        last_name_kana: 'アライ',
        first_name_kana: 'ケン',
        email: 'arai@example.com',
        username: 'arai',
        password: 'temporary-1',
        contract: {
          start_date: '2026-04-01',
          end_date: null,
          work_start_time: '09:30',
          work_end_time: '18:30',
        },
        position: { organization_id: dev2, title: '一般', is_part_time: false, is_head: false },
      });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const person = res.body as TAdminPerson;
    expect(person).toMatchObject({
      code: 'N0001',
      name: '新井 健',
      username: 'arai',
      is_active: true,
      must_change_password: true,
      organization: '開発二課',
      contracts: [{ start_date: '2026-04-01', work_start_time: '09:30', work_end_time: '18:30' }],
      positions: [{ organization: '開発二課', title: '一般', is_head: false }],
    });
    await t.signIn('arai', 'temporary-1');

    const found = await request(t.app)
      .get('/api/admin/people/?query=アライ')
      .set(await as('hr'));
    expect((found.body as TPage<{ code: string }>).results.map((r) => r.code)).toEqual(['N0001']);
    // The chart's rule: kana in either script or half-width, the name with or without its space, and
    // 社員番号 and username in either case or width.
    for (const query of ['あらい', 'ｱﾗｲ', '新井 健', '新井　健', 'arai', 'ARAI', 'n0001', 'Ｎ０００１']) {
      const res = await request(t.app)
        .get(`/api/admin/people/?query=${encodeURIComponent(query)}`)
        .set(await as('hr'));
      expect(
        (res.body as TPage<{ code: string }>).results.map((r) => r.code),
        query,
      ).toEqual(['N0001']);
    }
    // A username made at a first Lark sign-in is an e-mail address, which may hold what the console's
    // alphabet does not.
    await t.db.execute(sql`update users set username = 'o''arai@example.com' where username = 'arai'`);
    const byMail = await request(t.app)
      .get(`/api/admin/people/?query=${encodeURIComponent("o'arai")}`)
      .set(await as('hr'));
    expect((byMail.body as TPage<{ code: string }>).results.map((r) => r.code)).toEqual(['N0001']);
    await t.db.execute(sql`update users set username = 'arai' where username = 'o''arai@example.com'`);
    // And by the main organisation's name, with its other members.
    const byOrganisation = await request(t.app)
      .get(`/api/admin/people/?query=${encodeURIComponent('開発二課')}`)
      .set(await as('hr'));
    const rows = (byOrganisation.body as TPage<{ code: string; organization: string }>).results;
    expect(rows.map((r) => r.code)).toContain('N0001');
    expect(new Set(rows.map((r) => r.organization))).toEqual(new Set(['開発二課']));
    const trail = await request(t.app)
      .get(`/api/admin/audit/?resource=people&object_id=${person.id}`)
      .set(await as('admin'));
    const [entry] = (trail.body as TPage<TAuditEntry>).results;
    expect(entry).toMatchObject({ action: 'create', actor_name: 'hr', before: null });
    expect(JSON.stringify(entry)).not.toContain('temporary-1');
  });

  it('lists with paging and sorting', async () => {
    const admin = await as('admin');
    const first = await request(t.app).get('/api/admin/people/?sort=-code').set(admin);
    expect(first.status).toBe(200);
    const page = first.body as TPage<{ code: string }>;
    expect(page.count).toBeGreaterThan(10);
    expect(page.results).toHaveLength(10);
    const codes = page.results.map((r) => r.code);
    expect(codes).toEqual([...codes].sort().reverse());
    expect(page.next).toContain('sort=-code');

    // A search's page and count come from one scan (list-people.ts): the same count on each page,
    // every match once, in the sort's order.
    const all = await request(t.app).get('/api/admin/people/').set(admin);
    const prefix = (all.body as TPage<{ code: string }>).results[0]!.code.slice(0, 1);
    const searched = async (n: number) =>
      (await request(t.app).get(`/api/admin/people/?query=${prefix}&page=${n}`).set(admin)).body as TPage<{
        code: string;
      }>;
    const [one, two] = [await searched(1), await searched(2)];
    expect(one.count).toBeGreaterThan(10);
    expect(two.count).toBe(one.count);
    const found = [...one.results, ...two.results].map((r) => r.code);
    expect(found).toEqual([...found].sort());
    expect(new Set(found).size).toBe(Math.min(one.count, 20));
    for (const code of found) expect(code.toLowerCase()).toContain(prefix.toLowerCase());
  });

  it('deactivation revokes the sessions at once, moves the steps awaiting them; reactivation lets them back', async () => {
    const workflowId = await createWorkflow(t, {
      name: '無効化テスト',
      nodes: [{ order: 1, dispatch: '02', name: '課長承認' }],
    });
    const task = await submit(t, as, 'yamada', workflowId);
    const suzuki = await t.signIn('suzuki');
    const me = await request(t.app).post('/api/account/me/').set(t.auth(suzuki.access));
    expect(me.status).toBe(200);

    // suzuki heads 開発一課, a headship hr lacks: the superuser acts (account-guard.ts).
    const id = await employeeId('suzuki');
    const res = await request(t.app)
      .post(`/api/admin/people/${id}/deactivate/`)
      .set(await as('admin'))
      .send({ confirm: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const result = res.body as TAdminDeactivation;
    expect(result.revoked_sessions).toBeGreaterThanOrEqual(1);
    expect(result.person.is_active).toBe(false);
    // Issue 34: the step that awaited suzuki moved to the head above; nothing is left awaiting him.
    expect(result.moved_steps.map((m) => m.task_id)).toContain(task.id);
    expect(result.pending_approvals.map((p) => p.task_id)).not.toContain(task.id);

    const after = await request(t.app).post('/api/account/me/').set(t.auth(suzuki.access));
    expect(after.status).toBe(401);
    const refresh = await request(t.app).post('/api/token-refresh/').send({ refresh: suzuki.refresh });
    expect(refresh.status).toBe(401);
    const signIn = await request(t.app)
      .post('/api/token-auth/')
      .send({ username: 'suzuki', password: 'demo1234' });
    expect(signIn.status).toBe(401);

    const again = await request(t.app)
      .post(`/api/admin/people/${id}/reactivate/`)
      .set(await as('admin'))
      .send({ confirm: true });
    expect(again.status).toBe(200);
    await t.signIn('suzuki');
  });

  it('refuses hr deactivating a superuser and anyone deactivating themself', async () => {
    const [row] = await rows<{ id: number }>(sql`select id from users where username = 'admin'`);
    // The admin has no employee record; the check is on hr, who has one.
    expect(row).toBeDefined();
    const hrEmployee = await employeeId('hr');
    const self = await request(t.app)
      .post(`/api/admin/people/${hrEmployee}/deactivate/`)
      .set(await as('hr'))
      .send({ confirm: true });
    expect(self.status).toBe(409);
    expectJapaneseError(self.body);
  });

  it('resets a password to a temporary one: the old fails, sessions end, must change at sign-in', async () => {
    const session = await t.signIn('mori');
    const id = await employeeId('mori');
    const res = await request(t.app)
      .post(`/api/admin/people/${id}/password/`)
      .set(await as('hr'))
      .send({ password: 'temporary-2' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body as TAdminPerson).must_change_password).toBe(true);
    const old = await request(t.app).post('/api/account/me/').set(t.auth(session.access));
    expect(old.status).toBe(401);
    const refused = await request(t.app)
      .post('/api/token-auth/')
      .send({ username: 'mori', password: 'demo1234' });
    expect(refused.status).toBe(401);
    const temporary = await t.signIn('mori', 'temporary-2');
    const me = await request(t.app).post('/api/account/me/').set(t.auth(temporary.access));
    expect(me.body.me.must_change_password).toBe(true);

    // The person chooses their own: the temporary one must be given, and the flag clears.
    const wrong = await request(t.app)
      .post('/api/account/password/')
      .set(t.auth(temporary.access))
      .send({ current_password: 'nope', new_password: 'my-own-pass' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.current_password).toEqual(['現在のパスワードが正しくありません。']);
    const changed = await request(t.app)
      .post('/api/account/password/')
      .set(t.auth(temporary.access))
      .send({ current_password: 'temporary-2', new_password: 'my-own-pass' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const after = await request(t.app).post('/api/account/me/').set(t.auth(temporary.access));
    expect(after.body.me.must_change_password).toBe(false);
    await t.signIn('mori', 'my-own-pass');
  });
});

describe('contracts, positions and the Lark binding', () => {
  it('ends a contract, keeps the last position, removes another and unbinds Lark, each recorded', async () => {
    const hr = await as('hr');
    const id = await employeeId('ikeda');
    const person = (await request(t.app).get(`/api/admin/people/${id}/`).set(hr)).body as TAdminPerson;
    const open = person.contracts.at(-1)!;
    const ended = await request(t.app)
      .patch(`/api/admin/contracts/${open.id}/`)
      .set(hr)
      .send({ end_date: '2027-03-31' });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect((ended.body as TAdminPerson).contracts.find((c) => c.id === open.id)?.end_date).toBe('2027-03-31');

    const only = person.positions[0]!;
    const refused = await request(t.app).delete(`/api/admin/positions/${only.id}/`).set(hr);
    expect(refused.status).toBe(409);
    expectJapaneseError(refused.body);
    const added = await request(t.app)
      .post(`/api/admin/people/${id}/positions/`)
      .set(hr)
      .send({ organization_id: await orgId('開発二課'), title: '兼務', is_part_time: true, is_head: false });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const second = (added.body as TAdminPerson).positions.find((p) => p.organization === '開発二課')!;
    const removed = await request(t.app).delete(`/api/admin/positions/${second.id}/`).set(hr);
    expect(removed.status).toBe(200);
    expect((removed.body as TAdminPerson).positions.map((p) => p.organization)).toEqual(['開発一課']);

    const ikeda = await userId(t, 'ikeda');
    await t.db.execute(sql`insert into lark_bindings (user_id, open_id) values (${ikeda}, 'ou_ikeda')`);
    const bound = (await request(t.app).get(`/api/admin/people/${id}/`).set(hr)).body as TAdminPerson;
    expect(bound.lark_bound).toBe(true);
    const unbound = await request(t.app).delete(`/api/admin/people/${id}/lark/`).set(hr);
    expect(unbound.status).toBe(200);
    expect((unbound.body as TAdminPerson).lark_bound).toBe(false);

    const trail = await request(t.app)
      .get(`/api/admin/audit/?resource=people&object_id=${id}`)
      .set(await as('admin'));
    expect((trail.body as TPage<TAuditEntry>).results.map((e) => e.action)).toEqual([
      'unbind_lark',
      'remove_position',
      'add_position',
      'change_contract',
    ]);
  });
});

describe('audit', () => {
  it('filters by actor and date and refuses nothing to a superuser', async () => {
    const admin = await as('admin');
    const total = await auditCount();
    expect(total).toBeGreaterThan(0);
    const byHr = await request(t.app).get('/api/admin/audit/?actor=hr').set(admin);
    const entries = (byHr.body as TPage<TAuditEntry>).results;
    expect(entries.length).toBeGreaterThan(0);
    for (const e of entries) expect(e.actor_name).toBe('hr');
    const future = await request(t.app).get('/api/admin/audit/?date_from=2999-01-01').set(admin);
    expect((future.body as TPage<TAuditEntry>).count).toBe(0);
  });
});
