// How people are named on every screen, bell and card, written once: an employee as '姓 名'; a user
// as their employee's '姓 名', else the account's full name, else the username. As SQL, so that a
// list names its rows in the query that reads them. Queries written as raw SQL with table aliases
// pass the alias's columns (drizzle's `alias(employees, 'e')`).
import { eq, inArray, sql, type Column, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { employees } from '../../db/schema/employees.ts';
import { users } from '../../db/schema/users.ts';

type Ref = Column | SQL;

export function employeeName(employee: { lastName: Ref; firstName: Ref }): SQL<string> {
  return sql<string>`${employee.lastName} || ' ' || ${employee.firstName}`;
}

/** The same name in code, for the account's full name written beside the employee row. */
export function employeeNameOf(employee: { lastName: string; firstName: string }): string {
  return `${employee.lastName} ${employee.firstName}`;
}

/** `employee` is the user's own employee row, outer-joined: null when the user is no employee. */
export function userDisplayName(
  user: { fullName: Ref; username: Ref },
  employee: { lastName: Ref; firstName: Ref },
): SQL<string> {
  return sql<string>`case when coalesce(${employee.lastName}, '') <> '' then ${employeeName(employee)}
    else coalesce(nullif(${user.fullName}, ''), ${user.username}) end`;
}

/** The display names of users, by id. */
export async function userNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: userDisplayName(users, employees) })
    .from(users)
    .leftJoin(employees, eq(employees.userId, users.id))
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, r.name]));
}
