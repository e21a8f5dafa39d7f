import { asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { employees } from '../../db/schema/employees.ts';
import { organizations } from '../../db/schema/organizations.ts';

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
