// The daily rows of a month as the read-only view and the exports show them (spec §2.5): each tab's
// day with its figures, and the merged day (types of both tabs, clock-in/out over both).
import { labelOf, ATTENDANCE_DAY_TYPES } from '@portal/shared/codes';
import type { TAttendanceFormDay } from '@portal/shared/attendance/form-state';
import type { TAttendanceDayResult } from '@portal/shared/attendance/schema';
import { formatTime, parseTime } from '@portal/shared/attendance/time';
import type { TAttendanceTabsResultData } from '@portal/shared/contracts/attendance';
import type { TAttendanceData } from '../../db/schema/attendance.ts';

export const WEEKDAY_NAMES = ['日', '月', '火', '水', '木', '金', '土'] as const;

export interface MonthRow {
  readonly day: number;
  readonly date: string;
  readonly weekday: string;
  readonly typeName: string;
  readonly start: string;
  readonly end: string;
  readonly figures: TAttendanceDayResult | null;
}

export interface MergedRow extends MonthRow {
  readonly firstTypeName: string;
  readonly secondTypeName: string;
}

function dateOf(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function typeName(type: string): string {
  return type === '' ? '' : labelOf(ATTENDANCE_DAY_TYPES, type) || type;
}

export function tabRows(
  year: number,
  month: number,
  days: readonly TAttendanceFormDay[],
  figures: readonly TAttendanceDayResult[],
): MonthRow[] {
  const byDate = new Map(figures.map((d) => [d.date, d]));
  return days.map((day, i) => {
    const date = dateOf(year, month, i + 1);
    return {
      day: i + 1,
      date,
      weekday: WEEKDAY_NAMES[new Date(`${date}T00:00:00Z`).getUTCDay()]!,
      typeName: typeName(day.type),
      start: day.start,
      end: day.end,
      figures: byDate.get(date) ?? null,
    };
  });
}

/** Clock-in is the earliest start of both tabs, clock-out the latest end (an earlier end is the next day). */
function span(a: TAttendanceFormDay | undefined, b: TAttendanceFormDay | undefined) {
  let from = Infinity;
  let to = -Infinity;
  for (const day of [a, b]) {
    if (!day) continue;
    const start = parseTime(day.start);
    const end = parseTime(day.end);
    if (start < 0 || end < 0) continue;
    from = Math.min(from, start);
    to = Math.max(to, end <= start ? end + 1440 : end);
  }
  return from === Infinity ? { start: '', end: '' } : { start: formatTime(from), end: formatTime(to % 1440) };
}

export function mergedRows(
  year: number,
  month: number,
  data: TAttendanceData,
  result: TAttendanceTabsResultData,
): MergedRow[] {
  const base = tabRows(year, month, data.first.days, result.merged.days);
  return base.map((row, i) => {
    const first = data.first.days[i];
    const second = data.second.days[i];
    const times = span(first, second);
    return {
      ...row,
      typeName: row.figures ? typeName(first?.type || second?.type || '') : '',
      firstTypeName: typeName(first?.type ?? ''),
      secondTypeName: typeName(second?.type ?? ''),
      start: times.start,
      end: times.end,
    };
  });
}

/** Minutes as H:MM for text (PDF); the workbook writes Excel durations instead. */
export function hoursMinutes(minutes: number): string {
  return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}
