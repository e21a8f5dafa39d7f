// Issue 28, defects of the console: (a) a holder of auth.change_group grants or withdraws only the
// permissions they hold themselves, directly, by a user's groups or by a group's permissions (a
// superuser any), else 403 and nothing written; (b) a person's answer says what the caller may do
// (`allowed.account`, each position's `can_remove`) exactly as the server then decides.
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAdminGroup, TAdminPerson } from '@portal/shared/contracts/admin';
import { PERM } from '@portal/shared/permissions';
import { users } from '../src/db/schema/users.ts';
import { createTestContext, expectJapaneseError, type TestContext } from './support/test-context.ts';
import { tableDigest } from './support/table-digest.ts';
import { cheapDemoHash } from './support/test-password.ts';
import { tokens, userId, type As } from './support/workflow-fixtures.ts';

let t: TestContext;
let as: As;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The tables a grant writes, to tell that a refused one wrote nothing. */
const GRANT_TABLES = [
  'groups',
  'group_permissions',
  'user_groups',
  'user_permissions',
  'users',
  'admin_audit_log',
];
const digest = () => tableDigest(t, GRANT_TABLES);

beforeAll(async () => {
  t = await createTestContext();
  as = tokens(t);
  const passwordHash = await cheapDemoHash();
  await t.db
    .insert(users)
    .values([{ username: 'granter', fullName: '権限担当', passwordHash, isStaff: true }]);
  await t.db.execute(sql`insert into user_permissions (user_id, permission_id)
    select u.id, p.id from users u, permissions p
    where u.username = 'granter' and p.codename in (${PERM.viewGroup}, ${PERM.changeGroup}, ${PERM.viewEmployee})`);
  await as('granter');
  await as('admin');
});
afterAll(() => t?.close());

const access = (permissions: string[], groups: number[] = []) => ({
  groups,
  permissions,
  is_staff: false,
  is_superuser: false,
});

async function put(username: string, path: string, body: object) {
  return request(t.app)
    .put(path)
    .set(await as(username))
    .send(body);
}

describe('granting permissions in the console', () => {
  it('lets auth.change_group grant and withdraw only the permissions its holder holds', async () => {
    const path = `/api/admin/users/${await userId(t, 'yamada')}/access/`;
    const before = await digest();
    const grant = await put('granter', path, access([PERM.viewEmployee, PERM.changeUser]));
    expect(grant.status, grant.text).toBe(403);
    expectJapaneseError(grant.body);
    expect(await digest()).toBe(before);

    const held = await put('granter', path, access([PERM.viewEmployee]));
    expect(held.status, held.text).toBe(200);
    expect(held.body.permissions).toEqual([PERM.viewEmployee]);

    // A superuser grants anything; the holder may then not withdraw what they lack.
    const bySuperuser = await put('admin', path, access([PERM.viewEmployee, PERM.changeUser]));
    expect(bySuperuser.status, bySuperuser.text).toBe(200);
    const kept = await digest();
    const withdraw = await put('granter', path, access([PERM.viewEmployee]));
    expect(withdraw.status, withdraw.text).toBe(403);
    expect(await digest()).toBe(kept);
    // Leaving what they lack in place, they may still withdraw what they hold.
    const partial = await put('granter', path, access([PERM.changeUser]));
    expect(partial.status, partial.text).toBe(200);
    expect(partial.body.permissions).toEqual([PERM.changeUser]);
  });

  it('refuses the same by a group: assigning one, or giving one permissions', async () => {
    const created = await request(t.app)
      .post('/api/admin/groups/')
      .set(await as('admin'))
      .send({ name: '口座管理', permissions: [PERM.changeUser] });
    expect(created.status).toBe(201);
    const group = created.body as TAdminGroup;
    const path = `/api/admin/users/${await userId(t, 'sato')}/access/`;
    const before = await digest();
    const assign = await put('granter', path, access([], [group.id]));
    expect(assign.status, assign.text).toBe(403);
    const widen = await put('granter', `/api/admin/groups/${group.id}/`, {
      name: '口座管理',
      permissions: [PERM.changeUser, PERM.deleteOrganization],
    });
    expect(widen.status, widen.text).toBe(403);
    const create = await request(t.app)
      .post('/api/admin/groups/')
      .set(await as('granter'))
      .send({ name: '全権', permissions: [PERM.changeUser] });
    expect(create.status, create.text).toBe(403);
    expect(await digest()).toBe(before);

    const own = await request(t.app)
      .post('/api/admin/groups/')
      .set(await as('granter'))
      .send({ name: '閲覧', permissions: [PERM.viewEmployee] });
    expect(own.status, own.text).toBe(201);
    const assignOwn = await put('granter', path, access([], [(own.body as TAdminGroup).id]));
    expect(assignOwn.status, assignOwn.text).toBe(200);
  });
});

describe('what a person answer lets the caller do', () => {
  it('marks a head position hr may not remove, and says so before hr tries', async () => {
    const [suzuki] = await rows<{ id: number }>(
      sql`select e.id from employees e join users u on u.id = e.user_id where u.username = 'suzuki'`,
    );
    const [other] = await rows<{ id: number }>(
      sql`select o.id from organizations o where o.closed_at is null and o.id not in (
        select p.organization_id from positions p where p.employee_id = ${suzuki!.id}) order by o.id limit 1`,
    );
    const added = await request(t.app)
      .post(`/api/admin/people/${suzuki!.id}/positions/`)
      .set(await as('admin'))
      .send({ organization_id: other!.id, title: '兼務', is_part_time: true, is_head: false });
    expect(added.status, added.text).toBe(201);

    const seen = await request(t.app)
      .get(`/api/admin/people/${suzuki!.id}/`)
      .set(await as('hr'));
    expect(seen.status).toBe(200);
    const person = seen.body as TAdminPerson;
    const head = person.positions.find((p) => p.is_head)!;
    const plain = person.positions.find((p) => !p.is_head)!;
    expect(head.can_remove).toBe(false);
    expect(plain.can_remove).toBe(true);
    // A head outranks hr (issue 32): the sign-in keys of the edit form are not hr's to change.
    expect(person.allowed.account).toBe(false);

    const refused = await request(t.app)
      .delete(`/api/admin/positions/${head.id}/`)
      .set(await as('hr'));
    expect(refused.status).toBe(403);

    const bySuperuser = await request(t.app)
      .get(`/api/admin/people/${suzuki!.id}/`)
      .set(await as('admin'));
    expect((bySuperuser.body as TAdminPerson).positions.every((p) => p.can_remove)).toBe(true);

    const removed = await request(t.app)
      .delete(`/api/admin/positions/${plain.id}/`)
      .set(await as('hr'));
    expect(removed.status, removed.text).toBe(200);
    const last = (removed.body as TAdminPerson).positions;
    expect(last).toHaveLength(1);
    expect(last[0]!.can_remove).toBe(false);
  });
});
