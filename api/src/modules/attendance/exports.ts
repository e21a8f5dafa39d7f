// The downloads: my month as .xlsx and PDF, a report as PDF, and every employee's month as one .xlsx
// for payroll (expense.view_attendance). The figures are the stored ones the screens show.
import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Response } from 'express';
import { labelOf, TASK_STATUSES } from '@portal/shared/codes';
import { ATTENDANCE_XLSX_TYPE } from '@portal/shared/contracts/attendance';
import { PERM } from '@portal/shared/permissions';
import type { RequestContext } from '../../context.ts';
import { attendanceVersions } from '../../db/schema/attendance.ts';
import { employees } from '../../db/schema/employees.ts';
import { tasks } from '../../db/schema/tasks.ts';
import { NotFound } from '../../errors.ts';
import { employeeName } from '../people/display-names.ts';
import { findLatestVersion } from './attendance.repository.ts';
import { monthPdf } from './month-pdf.ts';
import { findEmployee } from './month-setup.ts';
import { myEmployee, readMonth } from './my-month.ts';
import { findVisibleReport } from './visibility.ts';
import { monthWorkbook, writePayrollWorkbook, type MonthSheetInput, type PayrollRow } from './workbook.ts';
import { chunkStream, sendFile, streamFile } from '../../files/download.ts';
import { logExport, logRead } from '../access-log/log-access.ts';

export type ExportRequest =
  | { ctx: RequestContext; kind: 'my-xlsx' | 'my-pdf' | 'payroll-xlsx'; year: number; month: number }
  | { ctx: RequestContext; kind: 'report-pdf'; taskId: number };

function send(res: Response, body: Buffer, filename: string, contentType: string) {
  sendFile(res, { body, type: contentType, filename });
}

function period(year: number, month: number): string {
  return `${year}${String(month).padStart(2, '0')}`;
}

async function myMonthSheet(ctx: RequestContext, year: number, month: number) {
  const employee = await myEmployee(ctx);
  const shown = await readMonth(ctx, employee, { year, month });
  const sheet: MonthSheetInput = {
    year,
    month,
    employee,
    data: {
      first: shown.first,
      second: shown.second,
      remark: shown.remark,
      default_input: shown.default_input,
    },
    result: shown.result,
  };
  return sheet;
}

async function reportSheet(ctx: RequestContext, taskId: number): Promise<MonthSheetInput> {
  const task = await findVisibleReport(ctx, taskId);
  const latest = await findLatestVersion(ctx.db, task.id);
  const employee = task.employeeId === null ? null : await findEmployee(ctx.db, task.employeeId);
  if (!latest || !employee) throw new NotFound();
  await logRead(ctx, { action: 'print', kind: 'attendance', recordId: task.id, subject: employee });
  return { year: latest.year, month: latest.month, employee, data: latest.data, result: latest.result };
}

/** Employees a page of the payroll workbook reads: memory stays that of a page at any size. */
const PAYROLL_PAGE = 1_000;

/** Reports of the month that count for payroll: in progress or approved. */
const payrollReports = (year: number, month: number) =>
  and(
    eq(attendanceVersions.year, year),
    eq(attendanceVersions.month, month),
    inArray(tasks.status, ['01', '90']),
  );

/** Everyone the month's workbook lists, for the access log (ids only). */
async function payrollEmployeeIds(ctx: RequestContext, year: number, month: number): Promise<number[]> {
  const rows = await ctx.db
    .selectDistinct({ id: attendanceVersions.employeeId })
    .from(attendanceVersions)
    .innerJoin(tasks, eq(tasks.id, attendanceVersions.taskId))
    .where(payrollReports(year, month));
  return rows.map((r) => r.id);
}

/**
 * The latest version of every employee's report of the month that is in progress or approved, in
 * pages of PAYROLL_PAGE employees by code (unique), the next page read once the last was written.
 */
async function* payrollPages(ctx: RequestContext, year: number, month: number): AsyncGenerator<PayrollRow[]> {
  for (let after: string | null = null; ;) {
    const rows = await ctx.db
      .selectDistinctOn([employees.code], {
        code: employees.code,
        name: employeeName(employees),
        orgName: sql<
          string | null
        >`(select o.name from positions p join organizations o on o.id = p.organization_id
          where p.employee_id = ${employees.id} order by p.is_part_time, p.id limit 1)`,
        status: tasks.status,
        result: attendanceVersions.result,
      })
      .from(attendanceVersions)
      .innerJoin(tasks, eq(tasks.id, attendanceVersions.taskId))
      .innerJoin(employees, eq(employees.id, attendanceVersions.employeeId))
      .where(and(payrollReports(year, month), after === null ? undefined : gt(employees.code, after)))
      .orderBy(asc(employees.code), desc(tasks.id), desc(attendanceVersions.version))
      .limit(PAYROLL_PAGE);
    if (rows.length === 0) return;
    yield rows.map((row) => ({
      code: row.code,
      name: row.name,
      orgName: row.orgName,
      statusName: labelOf(TASK_STATUSES, row.status),
      totals: row.result.merged.totals,
    }));
    if (rows.length < PAYROLL_PAGE) return;
    after = rows.at(-1)!.code;
  }
}

export async function sendExport(res: Response, request: ExportRequest): Promise<void> {
  const { ctx } = request;
  switch (request.kind) {
    case 'my-xlsx': {
      const sheet = await myMonthSheet(ctx, request.year, request.month);
      const book = monthWorkbook(sheet);
      const body = Buffer.from(await book.xlsx.writeBuffer());
      send(
        res,
        body,
        `勤怠_${sheet.employee.code}_${period(sheet.year, sheet.month)}.xlsx`,
        ATTENDANCE_XLSX_TYPE,
      );
      return;
    }
    case 'my-pdf': {
      const sheet = await myMonthSheet(ctx, request.year, request.month);
      const body = await monthPdf({ ...sheet, basicDays: sheet.result.merged.totals.basic_attendance_day });
      send(
        res,
        body,
        `勤怠_${sheet.employee.code}_${period(sheet.year, sheet.month)}.pdf`,
        'application/pdf',
      );
      return;
    }
    case 'report-pdf': {
      const sheet = await reportSheet(ctx, request.taskId);
      const body = await monthPdf({ ...sheet, basicDays: sheet.result.merged.totals.basic_attendance_day });
      send(
        res,
        body,
        `勤怠_${sheet.employee.code}_${period(sheet.year, sheet.month)}.pdf`,
        'application/pdf',
      );
      return;
    }
    case 'payroll-xlsx': {
      await ctx.require(PERM.viewExpenseAttendance);
      const { year, month } = request;
      // The workbook holds every employee listed: one row naming them all (issue 34), before a byte.
      await logExport(ctx, {
        action: 'download',
        kind: 'attendance_workbook',
        recordId: period(year, month),
        subjects: await payrollEmployeeIds(ctx, year, month),
      });
      const file = { type: ATTENDANCE_XLSX_TYPE, filename: `勤怠一覧_${period(year, month)}.xlsx` };
      await streamFile(res, file, (write) =>
        writePayrollWorkbook(chunkStream(write), year, month, payrollPages(ctx, year, month)),
      );
      return;
    }
  }
}
