// From the form's two sets of days to the inputs of computeAttendance: one per tab, and the merged
// view, which passes each day's segments of both tabs together with the in-house settings
// (attendance-rules.md "The contract"; spec §2.5). An entered day is one date: a time that ends
// before it starts is refused, never read as the next day (`same_day`, decisions.md "Attendance").
import { computeAttendance } from './compute.ts';
import { dateOf } from './dates.ts';
import { DayClass, dayClassOf, takesTimes } from './day-types.ts';
import { countsAsWorkPeriod } from './form-rules.ts';
import type { TAttendanceFormDay } from './form-state.ts';
import type {
  TAttendanceCalendar,
  TAttendanceDayInput,
  TAttendanceInput,
  TAttendanceResult,
  TAttendanceSegment,
  TAttendanceSettings,
} from './schema.ts';
import { parseTime } from './time.ts';

export interface TAttendanceTab {
  readonly settings: TAttendanceSettings;
  readonly days: readonly TAttendanceFormDay[];
}

/** Both tabs of a month: `first` is the in-house tab, `second` the on-site tab (settings *_2). */
export interface TAttendanceTabs {
  readonly year: number;
  readonly month: number;
  readonly calendar: TAttendanceCalendar;
  readonly first: TAttendanceTab;
  readonly second: TAttendanceTab;
}

/**
 * The segment a form day gives the calculation, or null. The form fills a leave day with the contract
 * hours (spec §4.4) while the rules read leave times as the half day worked, so a leave day whose
 * times are not a work period (spec §4.4) or cover the whole basic window is a whole day, no times.
 * Other days pass their times as typed: the calculation names what is wrong with them.
 */
function segmentOf(day: TAttendanceFormDay, settings: TAttendanceSettings): TAttendanceSegment | null {
  if (day.start === '' && day.end === '') return null;
  if (dayClassOf(day.type) === DayClass.Leave) {
    if (!countsAsWorkPeriod(day.start, day.end)) return null;
    const coversStart = parseTime(day.start) <= parseTime(settings.work_start_time);
    const coversEnd = parseTime(day.end) >= parseTime(settings.work_end_time);
    if (coversStart && coversEnd) return null;
  }
  return { start: day.start, end: day.end };
}

/** The calculation's input for one tab: every day that has a type. */
export function tabInput(tabs: TAttendanceTabs, set: 'first' | 'second'): TAttendanceInput {
  const { settings, days } = tabs[set];
  const records: TAttendanceDayInput[] = [];
  for (let i = 0; i < days.length; i++) {
    const day = days[i];
    if (!day || day.type === '') continue;
    const segment = segmentOf(day, settings);
    records.push({
      date: dateOf(tabs.year, tabs.month, i + 1),
      type: day.type,
      segments: segment ? [segment] : [],
    });
  }
  return {
    year: tabs.year,
    month: tabs.month,
    settings,
    calendar: tabs.calendar,
    days: records,
    same_day: true,
  };
}

/**
 * Which type stands for the day in the merged view. An unknown code wins, so its tab's error shows
 * there too; then leave (a half-day leave keeps its leave with the other tab's worked half), holiday
 * work, work, and a non-work type last. Between two of a kind the in-house tab's wins.
 */
function rank(type: string): number {
  switch (dayClassOf(type)) {
    case DayClass.Unknown:
      return 5;
    case DayClass.Leave:
      return 4;
    case DayClass.HolidayWork:
      return 3;
    case DayClass.Work:
      return 2;
    case DayClass.NonWork:
      return 1;
  }
}

/** Times of a non-work or unknown type are that tab's error, not worked time of the merged day. */
function mergedSegment(day: TAttendanceFormDay | undefined, settings: TAttendanceSettings) {
  if (!day || !takesTimes(day.type)) return null;
  return segmentOf(day, settings);
}

/** The merged view's input: each day's segments of both tabs together, with the in-house settings. */
export function mergedInput(tabs: TAttendanceTabs): TAttendanceInput {
  const { first, second } = tabs;
  const records: TAttendanceDayInput[] = [];
  const count = Math.max(first.days.length, second.days.length);
  for (let i = 0; i < count; i++) {
    const a = first.days[i];
    const b = second.days[i];
    const typeA = a?.type ?? '';
    const typeB = b?.type ?? '';
    if (typeA === '' && typeB === '') continue;
    const type = typeB !== '' && (typeA === '' || rank(typeB) > rank(typeA)) ? typeB : typeA;
    const segments: TAttendanceSegment[] = [];
    const segmentA = mergedSegment(a, first.settings);
    const segmentB = mergedSegment(b, second.settings);
    if (segmentA) segments.push(segmentA);
    if (segmentB) segments.push(segmentB);
    records.push({ date: dateOf(tabs.year, tabs.month, i + 1), type, segments });
  }
  return {
    year: tabs.year,
    month: tabs.month,
    settings: first.settings,
    calendar: tabs.calendar,
    days: records,
    same_day: true,
  };
}

export interface TAttendanceTabsResult {
  readonly first: TAttendanceResult;
  readonly second: TAttendanceResult;
  readonly merged: TAttendanceResult;
}

/** The three views of the form at once: what the form shows live and the API stores on save. */
export function computeAttendanceTabs(tabs: TAttendanceTabs): TAttendanceTabsResult {
  return {
    first: computeAttendance(tabInput(tabs, 'first')),
    second: computeAttendance(tabInput(tabs, 'second')),
    merged: computeAttendance(mergedInput(tabs)),
  };
}
