// The demo company: accounts, a four-level tree with a head everywhere, the roles the README promises,
// and the rule that only an empty embedded database is seeded by itself.
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORG_LEVELS } from '@portal/shared/codes';
import type { DatabaseHandle } from '../src/db/client.ts';
import { prepareDatabase } from '../src/prepare-database.ts';
import { assetLendings, assets, assetTypes, software, softwareSeats } from '../src/db/schema/assets.ts';
import { companyInfo } from '../src/db/schema/company.ts';
import { contracts, employees } from '../src/db/schema/employees.ts';
import { notifications } from '../src/db/schema/notifications.ts';
import { organizations, positions } from '../src/db/schema/organizations.ts';
import { approvalProxies } from '../src/db/schema/proxies.ts';
import { attachments, taskNodeApprovers, taskNodes, tasks } from '../src/db/schema/tasks.ts';
import { users } from '../src/db/schema/users.ts';
import { vacations } from '../src/db/schema/vacations.ts';
import { nodes, workflowFields, workflows } from '../src/db/schema/workflows.ts';
import { permissions, userPermissions } from '../src/db/schema/users.ts';
import { DEMO_ACCOUNTS } from '../src/seed/demo-accounts.ts';
import { DEMO_LEAVE_HISTORY } from '../src/seed/leave-history.ts';
import { seedDemo } from '../src/seed/seed-demo.ts';
import { createLogger } from '../src/logger.ts';
import { openTestDatabase, type TestDatabase } from './support/test-database.ts';
import { cheapDemoHash } from './support/test-password.ts';

const logger = createLogger('silent');
let database: TestDatabase;
let db: DatabaseHandle['db'];

beforeAll(async () => {
  database = await openTestDatabase('empty');
  db = database.handle.db;
  const result = await seedDemo(db, {
    passwordHash: await cheapDemoHash(),
    now: new Date('2026-11-22T00:00:00Z'),
  });
  expect(result).toMatchObject({ seeded: true, employees: 41, users: 42 });
});
afterAll(() => database?.dispose());

async function orgTree() {
  const orgs = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      parentId: organizations.parentId,
      level: organizations.level,
      headUser: users.username,
    })
    .from(organizations)
    .leftJoin(employees, eq(employees.id, organizations.headEmployeeId))
    .leftJoin(users, eq(users.id, employees.userId));
  const byName = new Map(orgs.map((o) => [o.name, o]));
  const byId = new Map(orgs.map((o) => [o.id, o]));
  return { orgs, byName, byId };
}

async function mainOrgOf(username: string) {
  const [row] = await db
    .select({ org: organizations.name })
    .from(positions)
    .innerJoin(employees, eq(employees.id, positions.employeeId))
    .innerJoin(users, eq(users.id, employees.userId))
    .innerJoin(organizations, eq(organizations.id, positions.organizationId))
    .where(eq(users.username, username))
    .orderBy(positions.isPartTime, positions.id)
    .limit(1);
  return row?.org;
}

describe('demo company seed', () => {
  it('creates about forty employees with kanji and katakana names, each with an account and a contract', async () => {
    const rows = await db.select().from(employees);
    expect(rows).toHaveLength(41);
    for (const e of rows) {
      expect(e.lastName + e.firstName).toMatch(/^[\u3040-\u30ff\u3400-\u9fff]+$/);
      expect(e.lastNameKana + e.firstNameKana).toMatch(/^[\u30a0-\u30ff]+$/);
      expect(e.userId).not.toBeNull();
    }
    const [withContract] = await db.select({ n: count() }).from(contracts);
    expect(withContract?.n).toBeGreaterThanOrEqual(41);
    const timed = await db.select().from(contracts);
    expect(timed.every((c) => c.workStartTime === '09:00:00' && c.workEndTime === '18:00:00')).toBe(true);
    expect(timed.filter((c) => c.endDate !== null).length).toBeGreaterThanOrEqual(3);
  });

  it('builds a 本部 > 事業部 > 部 > 課 tree with a head at every organisation', async () => {
    const { orgs, byId } = await orgTree();
    const counts = Object.fromEntries(
      ORG_LEVELS.map((l) => [l.value, orgs.filter((o) => o.level === l.value).length]),
    );
    expect(counts).toEqual({ '16': 1, '14': 2, '12': 4, '10': 7 });
    for (const org of orgs) {
      expect(org.headUser, `${org.name} has no head`).not.toBeNull();
      const parent = org.parentId === null ? undefined : byId.get(org.parentId);
      // Each level sits directly under the next higher one.
      const expectedParentLevel = { '16': undefined, '14': '16', '12': '14', '10': '12' }[org.level];
      expect(parent?.level).toBe(expectedParentLevel);
    }
  });

  it('gives the key accounts the roles the README lists', async () => {
    const { byName, byId } = await orgTree();
    const section = byName.get((await mainOrgOf('yamada')) ?? '')!;
    expect(section.level).toBe('10');
    expect(section.headUser).toBe('suzuki');
    const department = byId.get(section.parentId!)!;
    expect(department.headUser).toBe('sato');
    const division = byId.get(department.parentId!)!;
    expect(division.headUser).toBe('takahashi');
    const hq = byId.get(division.parentId!)!;
    expect(hq.headUser).toBe('ito');

    const katoSection = byName.get((await mainOrgOf('kato')) ?? '')!;
    expect(katoSection.parentId).not.toBe(section.parentId);

    for (const account of DEMO_ACCOUNTS) {
      const [user] = await db.select().from(users).where(eq(users.username, account.username));
      expect(user, account.username).toBeDefined();
      if (account.organization) expect(account.organization).toContain(await mainOrgOf(account.username));
    }
    const [admin] = await db.select().from(users).where(eq(users.username, 'admin'));
    expect(admin).toMatchObject({ isSuperuser: true, isStaff: true });
  });

  it('hashes the demo password once, with argon2id, for every account', async () => {
    const hashes = new Set((await db.select({ h: users.passwordHash }).from(users)).map((r) => r.h));
    expect(hashes.size).toBe(1);
    expect([...hashes][0]).toMatch(/^\$argon2id\$/);
  });

  it('gives yamada unread and read notifications with links into the portal', async () => {
    const [yamada] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'yamada'));
    const rows = await db.select().from(notifications).where(eq(notifications.userId, yamada!.id));
    expect(rows.filter((n) => !n.isRead).length).toBeGreaterThanOrEqual(2);
    expect(rows.filter((n) => n.isRead).length).toBeGreaterThanOrEqual(1);
    expect(rows.map((n) => n.forward)).toContainEqual(
      expect.stringMatching(/^\/task\/tasks\/unresolved\/\d+$/),
    );
  });

  it('does nothing when run a second time', async () => {
    expect(await seedDemo(db, { passwordHash: 'unused' })).toEqual({
      seeded: false,
      reason: 'demo data already exists',
    });
    const [row] = await db.select({ n: count() }).from(users);
    expect(row?.n).toBe(42);
    expect(await db.select().from(companyInfo)).toHaveLength(1);
  });
});

describe('prepareDatabase', () => {
  // A whole first start (migrations and the demo company) twice: under a loaded two-core CI machine
  // that can pass the default 30 s, so this one has the hooks' headroom. It guards hangs, not speed.
  it(
    'seeds an empty embedded database on its first start, and not again later',
    { timeout: 120_000 },
    async () => {
      const fresh = await openTestDatabase('empty');
      try {
        await prepareDatabase(fresh.handle, { seedDemo: 'auto', logger });
        const [first] = await fresh.handle.db.select({ n: count() }).from(users);
        expect(first?.n).toBe(42);
        await fresh.handle.db.delete(companyInfo);
        await prepareDatabase(fresh.handle, { seedDemo: 'auto', logger });
        const [second] = await fresh.handle.db.select({ n: count() }).from(users);
        expect(second?.n).toBe(42);
        expect(await fresh.handle.db.select().from(companyInfo)).toHaveLength(0);
      } finally {
        await fresh.dispose();
      }
    },
  );

  it('never seeds a DATABASE_URL (PostgreSQL) database by itself', async () => {
    const fresh = await openTestDatabase('empty');
    try {
      await prepareDatabase({ ...fresh.handle, kind: 'postgres' }, { seedDemo: 'auto', logger });
      const [row] = await fresh.handle.db.select({ n: count() }).from(users);
      expect(row?.n).toBe(0);
    } finally {
      await fresh.dispose();
    }
  });

  it('does not seed when SEED_DEMO=never', async () => {
    const fresh = await openTestDatabase('empty');
    try {
      await prepareDatabase(fresh.handle, { seedDemo: 'never', logger });
      const [row] = await fresh.handle.db.select({ n: count() }).from(users);
      expect(row?.n).toBe(0);
    } finally {
      await fresh.dispose();
    }
  });
});

describe('demo workflows', () => {
  it('pins the asset requests to ids 13 and 14 and moves the id sequence past them', async () => {
    const rows = await db
      .select({ id: workflows.id, name: workflows.name, kind: workflows.kind })
      .from(workflows);
    expect(rows.map((r) => r.name).sort()).toEqual(
      ['一般稟議', '休暇申請', '勤怠報告', '経費精算', '資材貸出申請', '資材購入申請'].sort(),
    );
    expect(rows.find((r) => r.id === 13)).toMatchObject({ name: '資材貸出申請', kind: 'asset_lend' });
    expect(rows.find((r) => r.id === 14)).toMatchObject({ name: '資材購入申請', kind: 'asset_purchase' });
    const [next] = await db.insert(workflows).values({ name: '追加' }).returning({ id: workflows.id });
    expect(next!.id).toBeGreaterThan(14);
    await db.delete(workflows).where(eq(workflows.id, next!.id));
  });

  it('routes 休暇申請 through 課長 and 部長 with an attachment field and an observer', async () => {
    const fields = await db
      .select({ name: workflowFields.name, dataType: workflowFields.dataType })
      .from(workflowFields)
      .where(eq(workflowFields.workflowId, 1));
    expect(fields).toContainEqual({ name: 'attachment', dataType: 'file' });
    const defined = await db
      .select({
        code: nodes.code,
        order: nodes.order,
        nodeDispatch: nodes.nodeDispatch,
        observerDispatch: nodes.observerDispatch,
      })
      .from(nodes)
      .where(eq(nodes.workflowId, 1))
      .orderBy(nodes.code);
    expect(defined).toEqual([
      { code: '01', order: 1, nodeDispatch: '02', observerDispatch: null },
      { code: '02', order: 2, nodeDispatch: '01', observerDispatch: null },
      { code: '95', order: 1, nodeDispatch: null, observerDispatch: '14' },
    ]);
    // yamada's approved vacation went through suzuki (課長) and sato (部長); takahashi observed it.
    const [yamada] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'yamada'));
    const [vacation] = await db
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.workflowId, 1), eq(tasks.applicantId, yamada!.id)));
    const acted = await db
      .select({ status: taskNodes.status, username: users.username })
      .from(taskNodes)
      .innerJoin(users, eq(users.id, taskNodes.actedById))
      .where(eq(taskNodes.taskId, vacation!.id))
      .orderBy(taskNodes.order);
    expect(acted).toEqual([
      { status: '90', username: 'suzuki' },
      { status: '90', username: 'sato' },
    ]);
    const observers = await db
      .select({ username: users.username })
      .from(taskNodeApprovers)
      .innerJoin(taskNodes, eq(taskNodes.id, taskNodeApprovers.taskNodeId))
      .innerJoin(users, eq(users.id, taskNodeApprovers.userId))
      .where(and(eq(taskNodes.taskId, vacation!.id), eq(taskNodes.isObserver, true)));
    expect(observers).toEqual([{ username: 'takahashi' }]);
  });

  it('has tasks in every status, a receipt file, leave history and one active proxy', async () => {
    const statuses = await db.select({ status: tasks.status }).from(tasks);
    expect(new Set(statuses.map((s) => s.status))).toEqual(new Set(['01', '02', '10', '90', '99']));
    const files = await db.select({ name: attachments.name }).from(attachments);
    expect(files.map((f) => f.name)).toContain('領収書.svg');
    // The approved request's leave, and the past leave of leave-history.ts.
    const leave = await db.select().from(vacations);
    expect(leave.filter((v) => v.taskId !== null)).toHaveLength(1);
    expect(leave).toHaveLength(1 + DEMO_LEAVE_HISTORY.length);
    const proxies = await db.select().from(approvalProxies);
    expect(proxies).toHaveLength(1);
    const today = new Date('2026-11-22T00:00:00Z').toISOString().slice(0, 10);
    expect(proxies[0]!.startDate <= today && today <= proxies[0]!.endDate).toBe(true);
  });

  it('adds nothing when run again', async () => {
    const [before] = await db.select({ n: count() }).from(tasks);
    expect(await seedDemo(db, { passwordHash: await cheapDemoHash() })).toMatchObject({ seeded: false });
    const [after] = await db.select({ n: count() }).from(tasks);
    expect(after!.n).toBe(before!.n);
  });
});

describe('demo assets (issue 31)', () => {
  it('has four types, one 期限なし and one without stock, twenty units and three software items with seats', async () => {
    const types = await db.select().from(assetTypes);
    expect(types).toHaveLength(4);
    expect(types.filter((t) => t.validityPeriod === 0)).toHaveLength(1);
    const units = await db.select().from(assets);
    expect(units).toHaveLength(20);
    const withoutStock = types.filter(
      (t) => !units.some((u) => u.assetTypeId === t.id && u.status === 'stock'),
    );
    expect(withoutStock.map((t) => t.name)).toEqual(['携帯電話']);
    const items = await db.select().from(software);
    expect(items).toHaveLength(3);
    expect(items.every((s) => s.seats > 0)).toBe(true);
    const lent = units.filter((u) => u.status === 'lent');
    expect(await db.select().from(assetLendings)).toHaveLength(lent.length);
    expect((await db.select().from(softwareSeats)).length).toBeGreaterThan(0);
  });

  it('makes inoue (総務課) staff with the asset permissions', async () => {
    const [inoue] = await db.select().from(users).where(eq(users.username, 'inoue'));
    expect(inoue?.isStaff).toBe(true);
    expect(await mainOrgOf('inoue')).toBe('総務課');
    const held = await db
      .select({ codename: permissions.codename })
      .from(userPermissions)
      .innerJoin(permissions, eq(permissions.id, userPermissions.permissionId))
      .where(eq(userPermissions.userId, inoue!.id));
    expect(held.map((p) => p.codename).sort()).toEqual(['assets.change_asset', 'assets.view_asset']);
  });

  it('gives the seeded asset requests real type ids and the new fields of workflows 13 and 14', async () => {
    const types = new Map((await db.select().from(assetTypes)).map((t) => [t.id, t.name]));
    const requests = await db
      .select({ workflowId: tasks.workflowId, values: tasks.values })
      .from(tasks)
      .where(inArray(tasks.workflowId, [13, 14]));
    expect(requests.length).toBeGreaterThanOrEqual(2);
    for (const r of requests) expect(types.has(r.values.assets_type as number)).toBe(true);
    const fields = await db
      .select({
        workflowId: workflowFields.workflowId,
        name: workflowFields.name,
        type: workflowFields.dataType,
      })
      .from(workflowFields)
      .where(inArray(workflowFields.workflowId, [13, 14]));
    expect(fields).toContainEqual({ workflowId: 13, name: 'assets_type', type: 'integer' });
    expect(fields).toContainEqual({ workflowId: 13, name: 'expiration_date', type: 'integer' });
    expect(fields).toContainEqual({ workflowId: 14, name: 'software_id', type: 'string' });
  });
});
