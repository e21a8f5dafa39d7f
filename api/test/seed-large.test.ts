// Issue 38, acceptance 1: the large company (seed:large) built small, 200 people on PGlite, holds
// the demo seed's invariants (support/seed-invariants.ts) and its own: a tree with a living head at
// each organisation, and every request's node instances, approvers and awaiting rows as the engine
// would have left them for its status.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORG_HEAD_TITLES } from '@portal/shared/codes';
import type { DatabaseHandle } from '../src/db/client.ts';
import { queryRows } from '../src/db/query-rows.ts';
import { loadNodeDefinitions, planFlow } from '../src/modules/tasks/flow.ts';
import { loadApplicant } from '../src/modules/tasks/org-chain.ts';
import { planOrganisations } from '../src/seed/large/organisations.ts';
import { runPaidLeaveGrants } from '../src/modules/vacations/grant-job.ts';
import { seedLarge } from '../src/seed/large/seed-large.ts';
import { expectBellsOpenTheirRequests, expectReportsHaveTheirMonth } from './support/seed-invariants.ts';
import { openTestDatabase, type TestDatabase } from './support/test-database.ts';
import { cheapDemoHash } from './support/test-password.ts';

const EMPLOYEES = 200;

let database: TestDatabase;
let db: DatabaseHandle['db'];

beforeAll(async () => {
  database = await openTestDatabase('empty');
  db = database.handle.db;
  await seedLarge(db, {
    employees: EMPLOYEES,
    attendanceSample: 20,
    passwordHash: await cheapDemoHash(),
    now: new Date('2027-01-05T00:00:00Z'),
  });
});
afterAll(() => database?.dispose());

describe('seed:large builds a consistent company', () => {
  it('links every notification to an existing request its reader may open, naming its workflow', async () => {
    await expectBellsOpenTheirRequests(db);
  });

  it('gives every 勤怠報告 the month it reports, as its first version and the month’s draft', async () => {
    expect(await expectReportsHaveTheirMonth(db)).toBeGreaterThan(EMPLOYEES / 2);
  });

  it('has the planned organisations per level, each headed by an active employee holding its post', async () => {
    const levels = await queryRows<{ level: string; n: number }>(
      db,
      sql`select level, count(*)::int as n from organizations group by level order by level desc`,
    );
    const planned = planOrganisations(EMPLOYEES);
    expect(levels).toEqual(
      (['16', '14', '12', '10'] as const).map((level) => ({
        level,
        n: planned.filter((o) => o.level === level).length,
      })),
    );
    const heads = await queryRows<{
      id: number;
      level: '16' | '14' | '12' | '10';
      active: boolean | null;
      title: string | null;
    }>(
      db,
      sql`select o.id, o.level, u.is_active as active, p.title
        from organizations o
        left join employees e on e.id = o.head_employee_id
        left join users u on u.id = e.user_id
        left join positions p on p.employee_id = e.id and p.organization_id = o.id`,
    );
    expect(heads).toHaveLength(planned.length);
    for (const head of heads)
      expect(head, `organisation ${head.id}`).toMatchObject({
        active: true,
        title: ORG_HEAD_TITLES[head.level],
      });
    const [people] = await queryRows<{
      employees: number;
      positions: number;
      contracts: number;
      empty: number;
    }>(
      db,
      sql`select (select count(*)::int from employees) as employees,
        (select count(distinct employee_id)::int from positions) as positions,
        (select count(distinct employee_id)::int from contracts) as contracts,
        (select count(*)::int from organizations o where o.level = '10'
          and (select count(*) from positions p where p.organization_id = o.id) < 2) as empty`,
    );
    expect(people).toEqual({ employees: EMPLOYEES, positions: EMPLOYEES, contracts: EMPLOYEES, empty: 0 });
  });

  it('has requests in every state, each task’s nodes and awaiting rows matching its status', async () => {
    const statuses = await queryRows<{ status: string }>(
      db,
      sql`select distinct status from tasks order by status`,
    );
    expect(statuses.map((s) => s.status)).toEqual(['01', '02', '10', '90', '99']);
    // One row per task that breaks a rule, named by the rule.
    const broken = await queryRows<{ id: number; status: string; rule: string }>(
      db,
      sql`
      with n as (
        select t.id, t.status,
          count(*) filter (where not tn.is_observer and tn.status = '01') as awaiting,
          count(*) filter (where not tn.is_observer and tn.status = t.status) as at_status,
          count(*) filter (where not tn.is_observer and tn.status <> '90') as unapproved,
          count(*) filter (where tn.is_observer and tn.status <> '00') as observers_moved,
          count(*) filter (where not exists (select 1 from task_node_approvers a where a.task_node_id = tn.id)) as unrouted,
          count(*) filter (where exists (select 1 from task_node_approvers a
            where a.task_node_id = tn.id and a.user_id = t.applicant_id and not tn.is_observer)) as own
        from tasks t join task_nodes tn on tn.task_id = t.id group by t.id, t.status)
      select id, status, 'one node awaits an open task' as rule from n where status = '01' and awaiting <> 1
      union all select id, status, 'approved all through' from n where status = '90' and unapproved > 0
      union all select id, status, 'one node sent back or rejected' from n where status in ('02', '10') and (at_status <> 1 or awaiting > 0)
      union all select id, status, 'nothing awaits a withdrawn task' from n where status = '99' and awaiting > 0
      union all select id, status, 'observers are not reached' from n where observers_moved > 0
      union all select id, status, 'every node has its people' from n where unrouted > 0
      union all select id, status, 'no node awaits its applicant' from n where own > 0`,
    );
    expect(broken).toEqual([]);
    const [awaiting] = await queryRows<{ missing: number; extra: number }>(
      db,
      sql`with expected as (
          select a.user_id, n.id as task_node_id from task_nodes n join task_node_approvers a on a.task_node_id = n.id
          where n.status = '01' and not n.is_observer)
        select (select count(*)::int from (select * from expected except select user_id, task_node_id from task_awaiting) x) as missing,
          (select count(*)::int from (select user_id, task_node_id from task_awaiting except select * from expected) x) as extra`,
    );
    expect(awaiting).toEqual({ missing: 0, extra: 0 });
  });

  it('routes every request as the engine would for its applicant', async () => {
    // One task of each workflow and 課: the routing depends on nothing else.
    const samples = await queryRows<{ id: number; workflow_id: number; applicant_id: number }>(
      db,
      sql`select distinct on (workflow_id, organization_id) id, workflow_id, applicant_id from tasks
        order by workflow_id, organization_id, id`,
    );
    expect(samples.length).toBeGreaterThan(1);
    for (const task of samples) {
      const plan = await planFlow(
        db,
        await loadNodeDefinitions(db, task.workflow_id),
        await loadApplicant(db, task.applicant_id),
      );
      const stored = await queryRows<{ node_id: number; users: number[] }>(
        db,
        sql`select tn.node_id, array_agg(a.user_id order by a.user_id) as users
          from task_nodes tn join task_node_approvers a on a.task_node_id = tn.id
          where tn.task_id = ${task.id} group by tn.node_id order by tn.node_id`,
      );
      expect(stored, `task ${task.id}`).toEqual(
        plan
          .map((p) => ({ node_id: p.definition.id, users: [...p.approverIds].sort((a, b) => a - b) }))
          .sort((a, b) => a.node_id - b.node_id),
      );
    }
  });
});

describe('seed:large makes the paid leave grants a running portal would have', () => {
  const decisions = () =>
    queryRows<{ employee_id: number; granted_on: string; ratio: string | null; days: number }>(
      db,
      sql`select employee_id, granted_on::text, ratio::text, days from paid_leave_grant_decisions
        order by employee_id, granted_on`,
    );

  it('judges every grant date that has come, once each, whatever the size of the batches', async () => {
    const seeded = await decisions();
    const due = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from employees where join_date <= date '2027-01-05' - interval '6 months'`,
    );
    // Everyone who joined at least half a year ago has at least their first grant date judged.
    expect(new Set(seeded.map((d) => d.employee_id)).size).toBeGreaterThanOrEqual(due[0]!.n);
    expect(due[0]!.n).toBeGreaterThan(EMPLOYEES / 2);

    // Judged again in batches of 7 (the first run on a large company judges everyone a batch at a
    // time): the same decisions.
    await db.execute(sql`delete from paid_leave_grants`);
    await db.execute(sql`delete from paid_leave_grant_decisions`);
    await runPaidLeaveGrants(db, '2027-01-05', undefined, { judgedAtOnce: 7 });
    expect(await decisions()).toEqual(seeded);
    expect(await runPaidLeaveGrants(db, '2027-01-05')).toBe(0);
  });
});
