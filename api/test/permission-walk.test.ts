// Every endpoint that needs a permission refuses a user without it, found from the route table rather
// than a hand list: each route is called as a superuser while the request context reports which
// permissions it consults, and every route that consults one is called by a user who holds none.
// That user must be refused (403, or 404 where the record is hidden), and write nothing; where the
// permission only shapes the answer (a `can_edit` flag) their answer must differ from the
// superuser's. New routes join the walk by themselves; a new kind of path id needs a line in `idFor`.
import { listEndpoints } from '@portal/shared/endpoints/all';
import { endpointPath, pathParamNames, type ParamsOf } from '@portal/shared/endpoints/endpoint';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPermissionCheck } from '../src/context.ts';
import { users } from '../src/db/schema/users.ts';
import { listRoutes, type RouteEntry } from '../src/route-table.ts';
import { createTestContext, type TestContext } from './support/test-context.ts';
import { cheapDemoHash } from './support/test-password.ts';

/** The sign-in doors take no user yet, and the bot's routes take its service credential only. */
const WITHOUT_USER_PERMISSIONS = new Set(['auth', 'bot']);

let t: TestContext;
let ids: Record<string, string>;
let tables: string[];

beforeAll(async () => {
  t = await createTestContext();
  await t.db
    .insert(users)
    .values({ username: 'no_perms', fullName: '権限なし', passwordHash: await cheapDemoHash() });
  // One of each record a path can name, from the demo company: an attendance report with its
  // version, and the rows around it.
  const one = async (query: ReturnType<typeof sql>) => {
    const { rows } = (await t.db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
    expect(rows, String(query.queryChunks)).toHaveLength(1);
    return rows[0]!;
  };
  const report = await one(sql`select v.task_id, v.year, v.month, e.code, t.workflow_id,
      (select min(n.id) from task_nodes n where n.task_id = v.task_id) as task_node_id
    from attendance_versions v join tasks t on t.id = v.task_id join employees e on e.id = v.employee_id
    order by v.task_id limit 1`);
  const firstId = async (table: string) =>
    String((await one(sql`select min(id) as id from ${sql.identifier(table)}`)).id);
  ids = {
    task: String(report.task_id),
    taskNode: String(report.task_node_id),
    workflow: String(report.workflow_id),
    year: String(report.year),
    month: String(report.month),
    employeeCode: String(report.code),
    node: await firstId('nodes'),
    attachment: await firstId('attachments'),
    calendarFile: await firstId('company_calendar_files'),
    manualPage: String((await one(sql`select min(page_id) as id from manual_attachments`)).id),
    proxy: await firstId('approval_proxies'),
    notification: await firstId('notifications'),
    paymentSlip: await firstId('payment_slips'),
    withholdingSlip: await firstId('withholding_slips'),
    upload: await firstId('slip_uploads'),
    bankAccount: await firstId('bank_accounts'),
    contact: await firstId('emergency_contacts'),
    employee: await firstId('employees'),
    organization: await firstId('organizations'),
    person: await firstId('employees'),
    group: await firstId('groups'),
    contract: await firstId('contracts'),
    position: await firstId('positions'),
    user: String((await one(sql`select id from users where username = 'yamada'`)).id),
    notice: await firstId('notices'),
    lending: await firstId('asset_lendings'),
    assetType: await firstId('asset_types'),
    software: await firstId('software'),
    asset: await firstId('assets'),
  };
  const { rows } = (await t.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
  )) as unknown as { rows: { table_name: string }[] };
  tables = rows.map((r) => r.table_name);
});
afterAll(() => t?.close());

/** The demo record a path parameter names, by the parameter and the segment before it. */
function idFor(param: string, before: string): string {
  if (param === 'year' || param === 'month') return ids[param]!;
  if (param === 'code' && before === 'employees') return ids.employeeCode!;
  if (param === 'nodeId') return ids.taskNode!;
  if (param === 'bankCode') return '0001';
  if (param === 'document' && before === 'slip-consent') return 'payment';
  if (param === 'code' && before === 'postal-codes') return '1600023';
  if (param === 'minutes' && before === 'changed') return '10';
  if (param === 'larkUserId') return 'u_unknown';
  if (param === 'n' && before === 'attachments') return '1';
  if (param === 'attachmentId' && before === 'attachments') return '1';
  const byCollection: Record<string, string | undefined> = {
    tasks: ids.task,
    details: ids.task,
    'modify-details': ids.task,
    pdf: ids.task,
    attendance: ids.task,
    workflows: ids.workflow,
    nodes: ids.node,
    attachment: ids.attachment,
    files: ids.calendarFile,
    pages: ids.manualPage,
    manual: ids.manualPage,
    proxies: ids.proxy,
    notifications: ids.notification,
    'payment-slip': ids.paymentSlip,
    withholding: ids.withholdingSlip,
    'upload-history': ids.upload,
    'bank-accounts': ids.bankAccount,
    contacts: ids.contact,
    employees: ids.employee,
    organizations: ids.organization,
    people: ids.person,
    groups: ids.group,
    contracts: ids.contract,
    positions: ids.position,
    users: ids.user,
    notices: ids.notice,
    lend: ids.lending,
    'asset-types': ids.assetType,
    software: ids.software,
    assets: ids.asset,
    // A purchase is received by its task's id; the walk's report is no purchase (404 past the checks).
    'asset-purchases': ids.task,
  };
  const id = param === 'id' ? byCollection[before] : undefined;
  if (id === undefined) throw new Error(`no demo record for :${param} after ${before}/`);
  return id;
}

const declared = new Map(
  listEndpoints().map(({ endpoint }) => [`${endpoint.method} ${endpoint.path}`, endpoint]),
);

/** The route's path from its entry in the endpoint table, each parameter naming a demo record. */
function urlOf(route: RouteEntry): string {
  const entry = declared.get(`${route.method} ${route.path}`);
  if (!entry) throw new Error(`${route.method} ${route.path} is not in the endpoint table`);
  const segments = entry.path.split('/');
  const params = Object.fromEntries(
    pathParamNames(entry.path).map((name) => [
      name,
      idFor(name, segments[segments.indexOf(`:${name}`) - 1]!),
    ]),
  );
  const path = endpointPath(entry, params as ParamsOf<typeof entry>);
  // The month's lists take it from the query.
  return route.method === 'get' ? `${path}?year=${ids.year}&month=${ids.month}` : path;
}

/** A digest of every table, to tell whether a request wrote anything. */
async function fingerprint(): Promise<string> {
  const parts = tables.map(
    (table) =>
      sql`select ${table} as name, md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as digest
        from ${sql.identifier(table)} r`,
  );
  const { rows } = (await t.db.execute(sql.join(parts, sql` union all `))) as unknown as {
    rows: { name: string; digest: string }[];
  };
  return JSON.stringify(rows);
}

interface Answer {
  status: number;
  body: string;
}

async function call(route: RouteEntry, access: string): Promise<Answer> {
  const res = await request(t.app)
    [route.method](urlOf(route))
    .set(t.auth(access))
    .send(route.method === 'get' || route.method === 'delete' ? undefined : {});
  return { status: res.status, body: res.text ?? JSON.stringify(res.body) };
}

interface Walked {
  route: string;
  consulted: string[];
  superuser: Answer;
  lacking: Answer;
  /** Whether the user without permissions changed any table, and the superuser after them. */
  wrote: boolean;
  superuserWrote: boolean;
}

describe('every route that needs a permission', () => {
  it('refuses a user without it and writes nothing', async () => {
    const admin = (await t.signIn('admin')).access;
    const lacking = (await t.signIn('no_perms')).access;
    const consulted = new Set<string>();
    const stop = onPermissionCheck((perm, user) => {
      if (user.username === 'admin') consulted.add(perm);
    });
    const walked: Walked[] = [];
    try {
      // Deletions last, so that no other route meets a record the superuser's call removed.
      const routes = listRoutes(t.app)
        .filter((route) => !WITHOUT_USER_PERMISSIONS.has(route.module))
        .sort((a, b) => Number(a.method === 'delete') - Number(b.method === 'delete'));
      for (const route of routes) {
        // The user without permissions first, so that their delete meets the record itself.
        const before = await fingerprint();
        const refused = await call(route, lacking);
        const between = await fingerprint();
        consulted.clear();
        const allowed = await call(route, admin);
        if (consulted.size > 0)
          walked.push({
            route: `${route.method} ${route.path}`,
            consulted: [...consulted].sort(),
            superuser: allowed,
            lacking: refused,
            wrote: between !== before,
            superuserWrote: (await fingerprint()) !== between,
          });
      }
    } finally {
      stop();
    }

    for (const w of walked) {
      const what = `${w.route} (${w.consulted.join(', ')}): ${w.lacking.status} ${w.lacking.body.slice(0, 200)}`;
      expect(w.superuser.status, `${w.route} refused the superuser`).not.toBe(403);
      expect(w.wrote, `${what} wrote`).toBe(false);
      if ([403, 404].includes(w.lacking.status)) continue;
      // Answered: the permission must have changed what the user was told.
      expect(w.lacking.status, what).toBe(w.superuser.status);
      expect(w.lacking.body, what).not.toBe(w.superuser.body);
    }

    const refused = walked.filter((w) => [403, 404].includes(w.lacking.status)).map((w) => w.route);
    expect(refused.length, refused.join('\n')).toBeGreaterThanOrEqual(25);
    expect(refused).toEqual(
      expect.arrayContaining([
        'get /api/workflow/workflows/',
        'delete /api/workflow/nodes/:id/',
        'get /api/workflow/forms/choice/',
        'get /api/expense/attendance/year/:year/month/:month/',
        'get /api/attendance/employees/',
        'put /api/attendance/tasks/modify-details/:id/',
        'get /api/attendance/tasks/details/:id/',
        'get /api/employees/:code/vacations/year/:year/month/:month/',
        'put /api/master/company/calendar/',
        'delete /api/master/company/calendar/files/:id/',
        'post /api/admin/notices/',
        'patch /api/admin/notices/:id/',
        'post /api/admin/notices/:id/remind/',
      ]),
    );
    // The digest sees a write: the superuser's deletion of a node.
    expect(walked.find((w) => w.route === 'delete /api/workflow/nodes/:id/')?.superuserWrote).toBe(true);
    // Shaped, not refused: everyone reads the calendar, the permission only sets can_edit.
    expect(walked.map((w) => w.route)).toContain('get /api/master/company/calendar/');
  }, 600_000); // One walk over every route: its length grows with the route table.
});

// Issue 32: the one rule for acting on another account (admin/account-guard.ts), one case per rule and
// route. hr holds the console's people permissions but not permission administration, heads nothing
// and lacks organization.change_organization. Each case must be a Japanese 403 that writes nothing.
describe('the account rule', () => {
  const targets: Record<string, string> = {
    superuser: 'walk_superuser',
    permissionsAdministrator: 'walk_permissions',
    head: 'suzuki',
  };
  const person: Record<string, string> = {};

  beforeAll(async () => {
    // Two ordinary employees of the demo company take the roles, so each has an employee record.
    await t.db.execute(sql`update users set username = 'walk_superuser', is_superuser = true, is_staff = true
      where username = 'ishii'`);
    await t.db.execute(sql`update users set username = 'walk_permissions', is_staff = true
      where username = 'mori'`);
    await t.db.execute(sql`insert into user_permissions (user_id, permission_id)
      select u.id, p.id from users u, permissions p
      where u.username = 'walk_permissions' and p.codename in ('auth.view_group', 'auth.change_group')`);
    await t.db.execute(sql`insert into lark_bindings (user_id, open_id)
      select id, 'ou_walk_' || id from users where username in ('walk_superuser', 'walk_permissions', 'suzuki')`);
    for (const [role, username] of Object.entries(targets)) {
      const { rows } = (await t.db.execute(
        sql`select e.id from employees e join users u on u.id = e.user_id where u.username = ${username}`,
      )) as unknown as { rows: { id: number }[] };
      expect(rows, username).toHaveLength(1);
      person[role] = String(rows[0]!.id);
    }
  });

  interface Case {
    rule: string;
    route: string;
    body?: object;
  }
  const ACCOUNT_CASES: Case[] = [
    {
      rule: 'sign-in e-mail',
      route: 'patch /api/admin/people/:id/',
      body: { email: 'hr-mailbox@example.com' },
    },
    {
      rule: 'employee number (a Lark and CAS key)',
      route: 'patch /api/admin/people/:id/',
      body: { code: 'W0001' },
    },
    { rule: 'password', route: 'post /api/admin/people/:id/password/', body: { password: 'taken-over-1' } },
    { rule: 'deactivation', route: 'post /api/admin/people/:id/deactivate/', body: { confirm: true } },
    { rule: 'reactivation', route: 'post /api/admin/people/:id/reactivate/', body: { confirm: true } },
    { rule: 'Lark binding', route: 'delete /api/admin/people/:id/lark/' },
  ];

  it('refuses hr each account change on a superuser, a permissions administrator and a head', async () => {
    const known = new Set(listRoutes(t.app).map((r) => `${r.method} ${r.path}`));
    const hr = (await t.signIn('hr')).access;
    for (const c of ACCOUNT_CASES) {
      expect(known, c.route).toContain(c.route);
      for (const role of Object.keys(targets)) {
        const [method, path] = c.route.split(' ') as [RouteEntry['method'], string];
        const before = await fingerprint();
        const res = await request(t.app)
          [method](path.replace(':id', person[role]!))
          .set(t.auth(hr))
          .send(c.body);
        const what = `${c.rule} of the ${role}: ${res.status} ${res.text}`;
        expect(res.status, what).toBe(403);
        expect(res.body.detail, what).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
        expect(await fingerprint(), `${what} wrote`).toBe(before);
      }
    }
  });

  it('refuses hr every way of naming a head (organization.change_organization)', async () => {
    const known = new Set(listRoutes(t.app).map((r) => `${r.method} ${r.path}`));
    const hr = (await t.signIn('hr')).access;
    const { rows } = (await t.db.execute(
      sql`select id from organizations where name = '開発一課'`,
    )) as unknown as { rows: { id: number }[] };
    const org = rows[0]!.id;
    const hrPerson = (
      (await t.db.execute(
        sql`select e.id from employees e join users u on u.id = e.user_id where u.username = 'hr'`,
      )) as unknown as { rows: { id: number }[] }
    ).rows[0]!.id;
    const headCases: Case[] = [
      {
        rule: 'is_head in a new position',
        route: 'post /api/admin/people/:id/positions/',
        body: { organization_id: org, title: '課長', is_part_time: true, is_head: true },
      },
      {
        rule: 'is_head in a new person',
        route: 'post /api/admin/people/',
        body: {
          code: 'W0002',
          last_name: '傀儡',
          first_name: '課長',
          last_name_kana: '',
          first_name_kana: '',
          email: 'puppet@example.com',
          username: 'walk_puppet',
          password: 'temporary-1',
          contract: {
            start_date: '2026-04-01',
            end_date: null,
            work_start_time: '09:00',
            work_end_time: '18:00',
          },
          position: { organization_id: org, title: '課長', is_part_time: false, is_head: true },
        },
      },
      {
        rule: 'the head endpoint',
        route: 'put /api/admin/organizations/:id/head/',
        body: { head_employee_id: hrPerson },
      },
    ];
    for (const c of headCases) {
      expect(known, c.route).toContain(c.route);
      const [method, path] = c.route.split(' ') as [RouteEntry['method'], string];
      const id = path.startsWith('/api/admin/organizations/') ? String(org) : String(hrPerson);
      const before = await fingerprint();
      const res = await request(t.app)[method](path.replace(':id', id)).set(t.auth(hr)).send(c.body);
      const what = `${c.rule}: ${res.status} ${res.text}`;
      expect(res.status, what).toBe(403);
      expect(await fingerprint(), `${what} wrote`).toBe(before);
    }
  });
});
