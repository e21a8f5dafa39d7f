import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZStatistics, ZTaskStatistics, ZUserState } from '@portal/shared/contracts/account';
import { ALL_PERMISSIONS, PERM } from '@portal/shared/permissions';
import { pushDevices } from '../src/db/schema/notifications.ts';
import { users } from '../src/db/schema/users.ts';
import { createTestContext, type TestContext } from './support/test-context.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t?.close());

async function userState(username: string) {
  const { access } = await t.signIn(username);
  const res = await request(t.app).post('/api/account/me/').set(t.auth(access));
  expect(res.status).toBe(200);
  return ZUserState.strict().parse(res.body);
}

describe('POST /api/account/me/', () => {
  it('returns the §3.3 user state of an employee: employee, position, organisation, latest contract', async () => {
    const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, 'yamada'));
    await t.db
      .insert(pushDevices)
      .values({ token: 'yamada-browser', description: 'Chrome', userId: user!.id });

    const state = await userState('yamada');
    expect(state.me).toMatchObject({
      username: 'yamada',
      full_name: '山田 太郎',
      avatar: null,
      is_staff: false,
      is_superuser: false,
      employee: { name: '山田 太郎', name_kana: 'ヤマダ タロウ' },
      devices: [{ token: 'yamada-browser', description: 'Chrome' }],
    });
    expect(state.perms).toEqual([]);
    expect(state.organizations.map((o) => o.org_name)).toEqual(['開発一課']);
    expect(state.positions).toEqual([{ org_name: '開発一課', name: '主任', is_part_time: false }]);
    // yamada has a finished first contract and an open one: the open, later one is "latest".
    expect(state.latest_contract).toEqual({ start_date: '2018-04-01', end_date: null });
  });

  it('gives a superuser every permission and no employee record', async () => {
    const state = await userState('admin');
    expect(state.me.is_superuser).toBe(true);
    expect(state.me.is_staff).toBe(true);
    expect(state.me.employee).toBeNull();
    expect(state.perms).toEqual([...ALL_PERMISSIONS].sort());
    expect(state.organizations).toEqual([]);
    expect(state.latest_contract).toBeNull();
  });

  it("unions the user's own permissions with those of their groups", async () => {
    expect((await userState('hr')).perms).toEqual(
      [
        PERM.addUploadHistory,
        PERM.viewUploadHistory,
        PERM.viewExpenseAttendance,
        PERM.viewAttendance,
        PERM.changeAttendance,
        // The console's people screens (issue 14).
        PERM.viewOrganization,
        PERM.viewEmployee,
        PERM.addEmployee,
        PERM.changeEmployee,
        PERM.changeUser,
      ].sort(),
    );
    expect((await userState('kato')).perms).toEqual([PERM.viewAttendanceOrgOnly]);
  });

  it('lists a concurrent post (兼務) as a part-time position and its organisation', async () => {
    const state = await userState('kimura');
    expect(state.positions).toEqual([
      { org_name: '経理部', name: '部長', is_part_time: false },
      { org_name: '人事総務部', name: '部長代理', is_part_time: true },
    ]);
    expect(state.organizations.map((o) => o.org_name)).toEqual(['経理部', '人事総務部']);
  });

  it('shows a fixed-term contract with its end date', async () => {
    const state = await userState('ikeda');
    expect(state.latest_contract?.end_date).toMatch(/^\d{4}-03-31$/);
  });

  it('needs a signed-in user', async () => {
    const res = await request(t.app).post('/api/account/me/');
    expect(res.status).toBe(401);
  });
});

describe('statistics', () => {
  it("counts the caller's tasks in each list (the demo company's tasks)", async () => {
    const { access } = await t.signIn('yamada');
    const stats = await request(t.app).get('/api/account/statistics/').set(t.auth(access));
    expect(ZStatistics.parse(stats.body)).toEqual({ unresolved_tasks: 3, approval_tasks: 0 });
    const taskStats = await request(t.app).get('/api/account/task/statistics/').set(t.auth(access));
    expect(ZTaskStatistics.parse(taskStats.body)).toEqual({
      unresolved: 3,
      approval: 0,
      approval_finished: 0,
      finished: 1,
      observer: 1,
    });
    const sato = await t.signIn('sato');
    const satoStats = await request(t.app).get('/api/account/statistics/').set(t.auth(sato.access));
    expect(satoStats.body).toEqual({ unresolved_tasks: 0, approval_tasks: 1 });
  });
});
