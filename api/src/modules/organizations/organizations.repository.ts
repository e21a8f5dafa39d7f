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

/** Each open organisation's people, in it and below, as `employees/?organization=&below=1` counts them. */
export async function countMembers(db: Db): Promise<Map<number, number>> {
  const rows = await queryRows<{ id: number; n: number }>(
    db,
    sql`with recursive tree(root, id) as (
        select id, id from organizations where closed_at is null
        union all
        select t.root, o.id from tree t join organizations o on o.parent_id = t.id where o.closed_at is null
      )
      select t.root as id, count(distinct p.employee_id)::int as n
      from tree t
      join positions p on p.organization_id = t.id
      join employees e on e.id = p.employee_id
      join users u on u.id = e.user_id
      where ${LISTED_PERSON}
      group by t.root`,
  );
  return new Map(rows.map((row) => [row.id, Number(row.n)]));
}
