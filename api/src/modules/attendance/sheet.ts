// The parts of a month every view answers (contracts/attendance.ts ZAttendanceSheet): the days as
// stored, the calendar, the leave, the timesheet and the server's figures.
import { and, eq } from 'drizzle-orm';
import { computeAttendanceTabs } from '@portal/shared/attendance/merge';
import {
  ATTENDANCE_FILE_FIELD,
  type TAttendanceAttachment,
  type TAttendanceTabsResultData,
} from '@portal/shared/contracts/attendance';
import type { Db } from '../../db/client.ts';
import type { TAttendanceData } from '../../db/schema/attendance.ts';
import { attachments } from '../../db/schema/tasks.ts';
import type { EmployeeRef, MonthSetup } from './month-setup.ts';

export async function findTimesheet(db: Db, taskId: number | null): Promise<TAttendanceAttachment | null> {
  if (taskId === null) return null;
  const [row] = await db
    .select({ id: attachments.id, name: attachments.name, size: attachments.size })
    .from(attachments)
    .where(and(eq(attachments.taskId, taskId), eq(attachments.fieldName, ATTENDANCE_FILE_FIELD)));
  return row ?? null;
}

export function computeData(data: TAttendanceData, setup: MonthSetup): TAttendanceTabsResultData {
  return computeAttendanceTabs({
    year: setup.year,
    month: setup.month,
    calendar: setup.calendar,
    first: data.first,
    second: data.second,
  });
}

export function toSheet(
  employee: EmployeeRef,
  setup: MonthSetup,
  data: TAttendanceData,
  result: TAttendanceTabsResultData,
  attachment: TAttendanceAttachment | null,
) {
  return {
    year: setup.year,
    month: setup.month,
    employee: { id: employee.id, code: employee.code, name: employee.name },
    calendar: setup.calendar,
    business_days: setup.businessDays,
    first: data.first,
    second: data.second,
    remark: data.remark,
    attachment,
    vacations: setup.vacations,
    result,
  };
}
