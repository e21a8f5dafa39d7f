// Whose record a request is about, and who may read or change it: the caller's own employee record
// by default, another employee's with ?employee= for holders of employee.view_employee
// (employee-scope.ts). A record the caller may not see is 404; only the employee changes their own.
import { eq } from 'drizzle-orm';
import type { RequestContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { employees } from '../../db/schema/employees.ts';
import { mayViewEmployeeRecord } from '../../employee-scope.ts';
import { NotFound } from '../../errors.ts';

export interface RecordOwner {
  readonly id: number;
  readonly userId: number | null;
  readonly name: string;
}

async function employeeBy(db: Db, where: ReturnType<typeof eq>): Promise<RecordOwner | undefined> {
  const [row] = await db
    .select({
      id: employees.id,
      userId: employees.userId,
      lastName: employees.lastName,
      firstName: employees.firstName,
    })
    .from(employees)
    .where(where);
  return row && { id: row.id, userId: row.userId, name: `${row.lastName} ${row.firstName}` };
}

/** The caller's own employee record, or 404 (an account without one has no records). */
export async function ownEmployee(ctx: RequestContext): Promise<RecordOwner> {
  const own = await employeeBy(ctx.db, eq(employees.userId, ctx.user.id));
  if (!own) throw new NotFound();
  return own;
}

/** The employee whose records are read: `employeeId` when given and visible, else the caller's own. */
export async function readableEmployee(
  ctx: RequestContext,
  employeeId: number | undefined,
): Promise<RecordOwner> {
  if (employeeId === undefined) return ownEmployee(ctx);
  const employee = await employeeBy(ctx.db, eq(employees.id, employeeId));
  if (!employee || !(await mayViewEmployeeRecord(ctx, employee))) throw new NotFound();
  return employee;
}

/** A row of some employee's record: readable by them and HR, else 404. */
export async function readableOwnerOf(ctx: RequestContext, employeeId: number): Promise<RecordOwner> {
  return readableEmployee(ctx, employeeId);
}

/** A row the caller changes: only their own (anyone else, HR included, gets 404). */
export async function writableOwnerOf(ctx: RequestContext, employeeId: number): Promise<RecordOwner> {
  const own = await ownEmployee(ctx);
  if (own.id !== employeeId) throw new NotFound();
  return own;
}
