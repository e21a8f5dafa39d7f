// The rows of the read-only view's daily tables (spec §2.5), one per day of the month, from the two
// sets of days as entered and the figures of computeAttendance for each view.
import { ATTENDANCE_DAY_TYPES, labelOf } from '@portal/shared/codes';
import { dateOf, daysInMonth, isWeekend } from '@portal/shared/attendance/dates';
import { mergedInput, type TAttendanceTabs } from '@portal/shared/attendance/merge';
import type {
  TAttendanceDayResult,
  TAttendanceResult,
  TAttendanceSegment,
} from '@portal/shared/attendance/schema';
import { parseTime } from '@portal/shared/attendance/time';
import { dayTone, type DayTone } from './day-tone.ts';
import { weekdayLabel } from './format.ts';

export interface DayRowBase {
  day: number;
  date: string;
  weekday: string;
  weekend: boolean;
  tone: DayTone;
  /** The day's figures; null when the day has no type (nothing to count). */
  figures: TAttendanceDayResult | null;
}

export interface TabDayRow extends DayRowBase {
  type: string;
  typeLabel: string;
  start: string;
  end: string;
}

export interface MergedDayRow extends DayRowBase {
  onSiteType: string;
  inHouseType: string;
  clockIn: string;
  clockOut: string;
}

export const typeLabel = (type: string) => labelOf(ATTENDANCE_DAY_TYPES, type);

function figuresByDate(result: TAttendanceResult): Map<string, TAttendanceDayResult> {
  return new Map(result.days.map((day) => [day.date, day]));
}

function base(tabs: TAttendanceTabs, day: number, figures: Map<string, TAttendanceDayResult>) {
  const date = dateOf(tabs.year, tabs.month, day);
  return {
    day,
    date,
    weekday: weekdayLabel(tabs.year, tabs.month, day),
    weekend: isWeekend(tabs.year, tabs.month, day),
    figures: figures.get(date) ?? null,
  };
}

/** The on-site (`second`) or in-house (`first`) tab's rows. */
export function tabRows(
  tabs: TAttendanceTabs,
  set: 'first' | 'second',
  result: TAttendanceResult,
): TabDayRow[] {
  const figures = figuresByDate(result);
  const count = daysInMonth(tabs.year, tabs.month);
  const days = tabs[set].days;
  return Array.from({ length: count }, (_, i) => {
    const entered = days[i];
    const type = entered?.type ?? '';
    const start = entered?.start ?? '';
    const end = entered?.end ?? '';
    const row = base(tabs, i + 1, figures);
    return {
      ...row,
      type,
      typeLabel: typeLabel(type),
      start,
      end,
      tone: dayTone({ weekend: row.weekend, type, start, end }),
    };
  });
}

/** First start and last end of the day's segments; an end before its start is the next morning. */
function span(segments: readonly TAttendanceSegment[]): { clockIn: string; clockOut: string } {
  let clockIn = '';
  let clockOut = '';
  let earliest = Infinity;
  let latest = -Infinity;
  for (const segment of segments) {
    const start = parseTime(segment.start);
    let end = parseTime(segment.end);
    if (start < 0 || end < 0) continue;
    if (end < start) end += 24 * 60;
    if (start < earliest) [earliest, clockIn] = [start, segment.start];
    if (end > latest) [latest, clockOut] = [end, segment.end];
  }
  return { clockIn, clockOut };
}

/** The merged view's rows: both tabs' types, the union of their times, the merged figures. */
export function mergedRows(tabs: TAttendanceTabs, result: TAttendanceResult): MergedDayRow[] {
  const figures = figuresByDate(result);
  const merged = new Map(mergedInput(tabs).days.map((day) => [day.date, day]));
  const count = daysInMonth(tabs.year, tabs.month);
  return Array.from({ length: count }, (_, i) => {
    const row = base(tabs, i + 1, figures);
    const record = merged.get(row.date);
    const { clockIn, clockOut } = span(record?.segments ?? []);
    return {
      ...row,
      onSiteType: tabs.second.days[i]?.type ?? '',
      inHouseType: tabs.first.days[i]?.type ?? '',
      clockIn,
      clockOut,
      tone: dayTone({ weekend: row.weekend, type: record?.type ?? '', start: clockIn, end: clockOut }),
    };
  });
}
