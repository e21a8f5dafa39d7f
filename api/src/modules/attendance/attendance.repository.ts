// Queries of monthly attendance: drafts, report versions, and who has not reported a month yet.
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { tableCache } from '../../cache/table-cache.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { attendanceDrafts, attendanceVersions, type TAttendanceData } from '../../db/schema/attendance.ts';
import { taskEvents, tasks } from '../../db/schema/tasks.ts';
import { employees } from '../../db/schema/employees.ts';
import { workflows } from '../../db/schema/workflows.ts';
import { employeeName } from '../people/display-names.ts';

/** Task statuses that hold a month: in progress, sent back, approved. Rejected (10) and withdrawn (99) free it. */
export const MONTH_HOLDING_STATUSES = ['01', '02', '90'] as const;

function firstOfMonth(year: number, month: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01`;
}

export interface EmployeeToRemind {
  readonly employeeId: number;
  readonly userId: number;
  readonly code: string;
  readonly name: string;
}

/**
 * Employees who should report the month and have not submitted it: an active user account, a
 * contract running on some day of the month, and no 勤怠報告 of that month in progress (01) or
 * approved (90). A report sent back (02) still awaits them, so they are listed. For the bot's
 * reminders (architecture.md "Attendance reminders").
 */
export async function listEmployeesWithoutSubmittedMonth(
  db: Db,
  year: number,
  month: number,
): Promise<EmployeeToRemind[]> {
  const first = firstOfMonth(year, month);
  const rows = await queryRows<EmployeeToRemind>(
    db,
    sql`
    select e.id as "employeeId", u.id as "userId", e.code as "code",
           ${employeeName(alias(employees, 'e'))} as "name"
    from employees e
    join users u on u.id = e.user_id and u.is_active
    where exists (
      select 1 from contracts c
      where c.employee_id = e.id
        and c.start_date <= (${first}::date + interval '1 month' - interval '1 day')::date
        and (c.end_date is null or c.end_date >= ${first}::date))
    and not exists (
      select 1 from attendance_versions v join tasks t on t.id = v.task_id
      where v.employee_id = e.id and v.year = ${year} and v.month = ${month}
        and t.status in ('01', '90'))
    order by e.code`,
  );
  return rows.map((r) => ({ ...r, employeeId: Number(r.employeeId), userId: Number(r.userId) }));
}

export async function findDraft(db: Db, employeeId: number, year: number, month: number) {
  const [row] = await db
    .select()
    .from(attendanceDrafts)
    .where(
      and(
        eq(attendanceDrafts.employeeId, employeeId),
        eq(attendanceDrafts.year, year),
        eq(attendanceDrafts.month, month),
      ),
    );
  return row ?? null;
}

export async function upsertDraft(
  db: Db,
  key: { employeeId: number; year: number; month: number },
  data: TAttendanceData,
): Promise<void> {
  await db
    .insert(attendanceDrafts)
    .values({ ...key, data })
    .onConflictDoUpdate({
      target: [attendanceDrafts.employeeId, attendanceDrafts.year, attendanceDrafts.month],
      set: { data, updatedAt: sql`now()` },
    });
}

/** The report (task) holding the month, if any: the newest one in 01, 02 or 90. */
export async function findHoldingReport(db: Db, employeeId: number, year: number, month: number) {
  const [row] = await db
    .select({ taskId: tasks.id, status: tasks.status, createdAt: tasks.createdAt })
    .from(attendanceVersions)
    .innerJoin(tasks, eq(tasks.id, attendanceVersions.taskId))
    .where(
      and(
        eq(attendanceVersions.employeeId, employeeId),
        eq(attendanceVersions.year, year),
        eq(attendanceVersions.month, month),
        inArray(tasks.status, [...MONTH_HOLDING_STATUSES]),
      ),
    )
    .orderBy(desc(tasks.id))
    .limit(1);
  return row ?? null;
}

/** The report's send-backs (差戻し), oldest first: each one is of the version current at the time. */
export function listSendBacks(db: Db, taskId: number) {
  return db
    .select({ comment: taskEvents.comment, createdAt: taskEvents.createdAt })
    .from(taskEvents)
    .where(and(eq(taskEvents.taskId, taskId), eq(taskEvents.action, 'send_back')))
    .orderBy(asc(taskEvents.createdAt), asc(taskEvents.id));
}

/** A report's versions, newest first. */
export function listVersions(db: Db, taskId: number) {
  return db
    .select()
    .from(attendanceVersions)
    .where(eq(attendanceVersions.taskId, taskId))
    .orderBy(desc(attendanceVersions.version));
}

export async function findLatestVersion(db: Db, taskId: number) {
  const [row] = await listVersions(db, taskId).limit(1);
  return row ?? null;
}

const attendanceWorkflow = tableCache<{ id: number; name: string } | null>(['workflows'], 1);

/** The active 勤怠報告 workflow (kind 'attendance'), lowest id first. */
export function findAttendanceWorkflow(db: Db) {
  return attendanceWorkflow.read(db, 'attendance', async () => {
    const [row] = await db
      .select({ id: workflows.id, name: workflows.name })
      .from(workflows)
      .where(and(eq(workflows.kind, 'attendance'), eq(workflows.isActive, true)))
      .orderBy(workflows.id)
      .limit(1);
    return row ?? null;
  });
}
