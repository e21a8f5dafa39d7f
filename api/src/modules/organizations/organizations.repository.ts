import { asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { employees } from '../../db/schema/employees.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { LISTED_PERSON } from '../employees/directory-sql.ts';

export function listOrganizationsWithHeads(db: Db) {
  return db
    .select({
      id: organizations.id,
      name: organizations.name,
      parentId: organizations.parentId,
      level: organizations.level,
      headLastName: employees.lastName,
      headFirstName: employees.firstName,
    })
    .from(organizations)
    .leftJoin(employees, eq(employees.id, organizations.headEmployeeId))
    .where(isNull(organizations.closedAt))
    .orderBy(asc(organizations.id));
}

/**
 * What the chart's member counts are made of (member-counts.ts): each organisation's own listed people,
 * and the organisations of each listed person who holds more than one position.
 */
export async function readMemberships(db: Db) {
  const listed = sql`from positions p join employees e on e.id = p.employee_id join users u on u.id = e.user_id
    where ${LISTED_PERSON}`;
  const [direct, multiple] = await Promise.all([
    // One position per person and organisation (positions_employee_id_organization_id_key).
    queryRows<{ id: number; n: number }>(
      db,
      sql`select p.organization_id as id, count(*)::int as n ${listed} group by p.organization_id`,
    ),
    queryRows<{ organizations: number[] }>(
      db,
      sql`select array_agg(p.organization_id) as organizations ${listed}
        group by p.employee_id having count(*) > 1`,
    ),
  ]);
  return {
    direct: new Map(direct.map((row) => [row.id, Number(row.n)])),
    multiple: multiple.map((row) => row.organizations.map(Number)),
  };
}
