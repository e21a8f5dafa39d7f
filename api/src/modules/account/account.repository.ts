import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contracts, employees } from '../../db/schema/employees.ts';
import { pushDevices } from '../../db/schema/notifications.ts';
import { organizations, positions } from '../../db/schema/organizations.ts';
import { users } from '../../db/schema/users.ts';

export async function findUser(db: Db, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      fullName: users.fullName,
      email: users.email,
      isStaff: users.isStaff,
      isSuperuser: users.isSuperuser,
      mustChangePassword: users.mustChangePassword,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

export async function findEmployeeOfUser(db: Db, userId: number) {
  const [row] = await db
    .select({
      id: employees.id,
      code: employees.code,
      lastName: employees.lastName,
      firstName: employees.firstName,
      lastNameKana: employees.lastNameKana,
      firstNameKana: employees.firstNameKana,
    })
    .from(employees)
    .where(eq(employees.userId, userId))
    .limit(1);
  return row ?? null;
}

export function listDevices(db: Db, userId: number) {
  return db
    .select({ id: pushDevices.id, token: pushDevices.token, description: pushDevices.description })
    .from(pushDevices)
    .where(eq(pushDevices.userId, userId))
    .orderBy(asc(pushDevices.id));
}

export function listPositions(db: Db, employeeId: number) {
  return db
    .select({
      organizationId: organizations.id,
      organizationName: organizations.name,
      title: positions.title,
      isPartTime: positions.isPartTime,
    })
    .from(positions)
    .innerJoin(organizations, eq(organizations.id, positions.organizationId))
    .where(eq(positions.employeeId, employeeId))
    .orderBy(asc(positions.isPartTime), asc(positions.id));
}

export async function findLatestContract(db: Db, employeeId: number) {
  const [row] = await db
    .select({ startDate: contracts.startDate, endDate: contracts.endDate })
    .from(contracts)
    .where(eq(contracts.employeeId, employeeId))
    .orderBy(desc(contracts.startDate), desc(contracts.id))
    .limit(1);
  return row ?? null;
}
