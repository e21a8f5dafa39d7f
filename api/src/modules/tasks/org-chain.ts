// The applicant's place in the organisation: their main organisation and its ancestors with heads.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { OrgLevel } from '@portal/shared/codes';
import { tableCache } from '../../cache/table-cache.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { employees } from '../../db/schema/employees.ts';
import { positions } from '../../db/schema/organizations.ts';
import { users } from '../../db/schema/users.ts';
import { userDisplayName } from '../people/display-names.ts';

export interface ChainOrg {
  readonly id: number;
  readonly name: string;
  readonly level: OrgLevel;
  /** The head's user account, when the head has one. */
  readonly headUserId: number | null;
}

export interface Applicant {
  readonly userId: number;
  readonly name: string;
  readonly employeeId: number | null;
  readonly employeeCode: string | null;
  /** Own organisation first, then each parent up to the top. */
  readonly chain: readonly ChainOrg[];
}

/** The main position is the first full-time one (else the first), by position id. */
/** An applicant's name and place, by user: read again once a person, a position or an organisation changes. */
const applicants = tableCache<Applicant>(['users', 'employees', 'positions', 'organizations'], 20_000);

export function loadApplicant(db: Db, userId: number): Promise<Applicant> {
  return applicants.read(db, String(userId), () => readApplicant(db, userId));
}

async function readApplicant(db: Db, userId: number): Promise<Applicant> {
  const [row] = await db
    .select({
      name: userDisplayName(users, employees),
      employeeId: employees.id,
      code: employees.code,
    })
    .from(users)
    .leftJoin(employees, eq(employees.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) throw new Error(`user ${userId} vanished`);
  const { name } = row;
  if (row.employeeId === null) return { userId, name, employeeId: null, employeeCode: null, chain: [] };
  const [main] = await db
    .select({ orgId: positions.organizationId })
    .from(positions)
    .where(and(eq(positions.employeeId, row.employeeId)))
    .orderBy(asc(positions.isPartTime), asc(positions.id))
    .limit(1);
  return {
    userId,
    name,
    employeeId: row.employeeId,
    employeeCode: row.code,
    chain: main ? await orgChain(db, main.orgId) : [],
  };
}

/** The organisation and its ancestors, nearest first. */
export async function orgChain(db: Db, orgId: number): Promise<ChainOrg[]> {
  const rows = await queryRows<{ id: number; name: string; level: OrgLevel; head_user_id: number | null }>(
    db,
    sql`
    with recursive chain(id, name, level, parent_id, head_employee_id, depth) as (
      select id, name, level, parent_id, head_employee_id, 0 from organizations where id = ${orgId}
      union all
      select o.id, o.name, o.level, o.parent_id, o.head_employee_id, c.depth + 1
      from organizations o join chain c on o.id = c.parent_id where c.depth < 20
    )
    select c.id, c.name, c.level, u.id as head_user_id
    from chain c
    left join employees e on e.id = c.head_employee_id
    left join users u on u.id = e.user_id and u.is_active
    order by c.depth`,
  );
  return rows.map((r) => ({ id: r.id, name: r.name, level: r.level, headUserId: r.head_user_id }));
}

/** Active users holding a position in the organisation or any organisation below it. */
export async function usersInOrgTree(db: Db, orgId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`
    with recursive tree(id, depth) as (
      select id, 0 from organizations where id = ${orgId}
      union all
      select o.id, t.depth + 1 from organizations o join tree t on o.parent_id = t.id where t.depth < 20
    )
    select distinct u.id from tree
    join positions p on p.organization_id = tree.id
    join employees e on e.id = p.employee_id
    join users u on u.id = e.user_id and u.is_active
    order by u.id`,
  );
  return rows.map((r) => r.id);
}

/** Every active user with an employee record (observerDispatch 90). */
export async function allEmployeeUsers(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(employees, eq(employees.userId, users.id))
    .where(eq(users.isActive, true))
    .orderBy(asc(users.id));
  return rows.map((r) => r.id);
}
