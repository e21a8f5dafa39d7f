// The .xlsx exports (exceljs): my month (one sheet a tab, the figures of the screen) and every
// employee's month for payroll (one row an employee). Durations are Excel durations ([h]:mm) so the
// sheet can add them up; day counts are numbers.
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import {
  ATTENDANCE_DAY_HEADERS as H,
  ATTENDANCE_TAB_NAMES,
  ATTENDANCE_TOTAL_LABELS,
  type TAttendanceTabsResultData,
} from '@portal/shared/contracts/attendance';
import type { TAttendanceTotals } from '@portal/shared/attendance/schema';
import type { TAttendanceData } from '../../db/schema/attendance.ts';
import { mergedRows, tabRows, type MonthRow } from './month-rows.ts';

const DURATION = '[h]:mm';
const MINUTES_PER_DAY = 1440;

function duration(minutes: number): number {
  return minutes / MINUTES_PER_DAY;
}

function bold(row: ExcelJS.Row) {
  row.font = { bold: true };
}

function totalsBlock(sheet: ExcelJS.Worksheet, totals: TAttendanceTotals) {
  sheet.addRow([]);
  bold(sheet.addRow(['集計', '']));
  for (const item of ATTENDANCE_TOTAL_LABELS) {
    const row = sheet.addRow([
      item.label,
      item.unit === 'minutes' ? duration(totals[item.key]) : totals[item.key],
    ]);
    if (item.unit === 'minutes') row.getCell(2).numFmt = DURATION;
  }
}

function figureCells(row: MonthRow) {
  const f = row.figures;
  if (!f || f.error) return [null, null, null, null, null, null];
  return [
    f.basic_start,
    f.basic_end,
    duration(f.basic_time),
    duration(f.early + f.over),
    duration(f.night_over),
    duration(f.total_time),
  ];
}

export interface MonthSheetInput {
  readonly year: number;
  readonly month: number;
  readonly employee: { code: string; name: string };
  readonly data: TAttendanceData;
  readonly result: TAttendanceTabsResultData;
}

export function monthWorkbook(input: MonthSheetInput): ExcelJS.Workbook {
  const book = new ExcelJS.Workbook();
  const title = `${input.year}年${input.month}月 勤怠表 ${input.employee.name}（${input.employee.code}）`;
  for (const set of ['first', 'second'] as const) {
    const sheet = book.addWorksheet(ATTENDANCE_TAB_NAMES[set]);
    bold(sheet.addRow([title]));
    bold(
      sheet.addRow([
        H.day,
        H.weekday,
        H.type,
        H.clockIn,
        H.clockOut,
        H.basicStart,
        H.basicEnd,
        H.basicTime,
        H.over,
        H.night,
        H.total,
      ]),
    );
    for (const row of tabRows(input.year, input.month, input.data[set].days, input.result[set].days)) {
      const added = sheet.addRow([
        row.day,
        row.weekday,
        row.typeName,
        row.start,
        row.end,
        ...figureCells(row),
      ]);
      for (const col of [8, 9, 10, 11]) added.getCell(col).numFmt = DURATION;
    }
    totalsBlock(sheet, input.result[set].totals);
    sheet.getColumn(1).width = 18;
  }
  const merged = book.addWorksheet(ATTENDANCE_TAB_NAMES.merged);
  bold(merged.addRow([title]));
  bold(
    merged.addRow([
      H.day,
      H.weekday,
      H.secondType,
      H.firstType,
      H.clockIn,
      H.clockOut,
      H.basicTime,
      H.stepOut,
      H.total,
    ]),
  );
  for (const row of mergedRows(input.year, input.month, input.data, input.result)) {
    const f = row.figures && !row.figures.error ? row.figures : null;
    const added = merged.addRow([
      row.day,
      row.weekday,
      row.secondTypeName,
      row.firstTypeName,
      row.start,
      row.end,
      f ? duration(f.basic_time) : null,
      f ? duration(f.step_out_time) : null,
      f ? duration(f.total_time) : null,
    ]);
    for (const col of [7, 8, 9]) added.getCell(col).numFmt = DURATION;
  }
  totalsBlock(merged, input.result.merged.totals);
  merged.getColumn(1).width = 18;
  if (input.data.remark) {
    merged.addRow([]);
    merged.addRow(['備考', input.data.remark]);
  }
  return book;
}

export interface PayrollRow {
  readonly code: string;
  readonly name: string;
  readonly orgName: string | null;
  readonly statusName: string;
  readonly totals: TAttendanceTotals;
}

/**
 * Everyone's month for payroll, written into `stream` as the pages of rows arrive (exceljs' streamed
 * writer: each row leaves memory once committed), so a company of 50,000 never sits whole in memory.
 */
export async function writePayrollWorkbook(
  stream: Writable,
  year: number,
  month: number,
  pages: AsyncIterable<readonly PayrollRow[]>,
): Promise<void> {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = book.addWorksheet(`${year}年${month}月`, {
    views: [{ state: 'frozen', xSplit: 2, ySplit: 1 }],
  });
  const header = sheet.addRow([
    '社員コード',
    '氏名',
    '所属',
    '状態',
    ...ATTENDANCE_TOTAL_LABELS.map((t) => t.label),
  ]);
  bold(header);
  header.commit();
  for await (const rows of pages) {
    for (const r of rows) {
      const added = sheet.addRow([
        r.code,
        r.name,
        r.orgName ?? '',
        r.statusName,
        ...ATTENDANCE_TOTAL_LABELS.map((t) =>
          t.unit === 'minutes' ? duration(r.totals[t.key]) : r.totals[t.key],
        ),
      ]);
      ATTENDANCE_TOTAL_LABELS.forEach((t, i) => {
        if (t.unit === 'minutes') added.getCell(5 + i).numFmt = DURATION;
      });
      added.commit();
    }
  }
  sheet.commit();
  await book.commit();
}
