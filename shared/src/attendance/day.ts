// One day: the rules' validation steps in their order, then the day's figures from the laid windows
// (attendance-rules.md "Validation of a day" and "Per-day figures").
import { DayClass, dayClassOf } from './day-types.ts';
import type { TAttendanceDayError } from './errors.ts';
import { CalendarCode } from './month.ts';
import type { TAttendanceDayInput } from './schema.ts';
import {
  LATEST_ROUNDED_START,
  MINUTES_PER_DAY,
  parseTime,
  roundDown,
  roundUp,
  TIME_FORMAT_ERROR,
  TIME_RANGE_ERROR,
} from './time.ts';
import { type ClassMinutes, type MinuteWindows, tally, workedMinutes } from './windows.ts';

/** The legal 8 hours of 労働基準法 §32: statutory overtime starts past them, whatever the schedule. */
const LEGAL_DAY_MINUTES = 480;

/** What a day needs of its month, computed once per call. */
export interface DayContext {
  readonly windows: MinuteWindows;
  readonly workStart: number;
  readonly workEnd: number;
  /** Length of the basic window minus breaks: a full day's scheduled work. */
  readonly basicNet: number;
  /** An end before its start is refused (E_END_BEFORE_START) rather than read as the next day. */
  readonly sameDay: boolean;
}

/** A day's figures, written in place into one object reused for every day of a call. */
export interface DayFigures {
  dayClass: DayClass;
  /** A leave day with times: a half day whose times are the half that was worked. */
  hasTimes: boolean;
  /** basic_start and basic_end in minutes, or -1 when the worked span misses the basic window. */
  basicStart: number;
  basicEnd: number;
  basic: number;
  early: number;
  over: number;
  night: number;
  total: number;
  stepOut: number;
  leaveDays: number;
  leaveTime: number;
  shortfall: number;
  legalOver: number;
  /** Worked minutes after midnight when the next date is a 法定休日 (PL), and those of them at night (PLN). */
  pl: number;
  pln: number;
  /** Of PL, the minutes classed as overtime: only a window reaching past midnight puts any there. */
  plOver: number;
}

export function emptyDayFigures(): DayFigures {
  return {
    dayClass: DayClass.Unknown,
    hasTimes: false,
    basicStart: -1,
    basicEnd: -1,
    basic: 0,
    early: 0,
    over: 0,
    night: 0,
    total: 0,
    stepOut: 0,
    leaveDays: 0,
    leaveTime: 0,
    shortfall: 0,
    legalOver: 0,
    pl: 0,
    pln: 0,
    plOver: 0,
  };
}

function reset(f: DayFigures): void {
  f.dayClass = DayClass.Unknown;
  f.hasTimes = false;
  f.basicStart = -1;
  f.basicEnd = -1;
  f.basic = 0;
  f.early = 0;
  f.over = 0;
  f.night = 0;
  f.total = 0;
  f.stepOut = 0;
  f.leaveDays = 0;
  f.leaveTime = 0;
  f.shortfall = 0;
  f.legalOver = 0;
  f.pl = 0;
  f.pln = 0;
  f.plOver = 0;
}

// Segment buffers shared by every day (a day has one segment a tab, two in the merged view); they
// grow for a longer list and are never shrunk.
let starts = new Int32Array(8);
let ends = new Int32Array(8);

function ensureCapacity(n: number): void {
  if (n <= starts.length) return;
  starts = new Int32Array(n * 2);
  ends = new Int32Array(n * 2);
}

const NO_SEGMENT: { readonly start?: unknown; readonly end?: unknown } = {};

/** The segment's fields, whatever the caller sent: a missing time is a format error, not a crash. */
function asSegment(value: unknown): { readonly start?: unknown; readonly end?: unknown } {
  return typeof value === 'object' && value !== null ? value : NO_SEGMENT;
}

/** Step 3 for one segment, as typed: format, then range, then an empty segment. */
function checkTyped(start: number, end: number): TAttendanceDayError | null {
  if (start === TIME_FORMAT_ERROR || end === TIME_FORMAT_ERROR) return 'E_FORMAT';
  if (start === TIME_RANGE_ERROR || end === TIME_RANGE_ERROR) return 'E_RANGE';
  if (start === end) return 'E_ZERO_LENGTH';
  return null;
}

/**
 * Steps 3–7 over the day's segments, leaving them rounded on the two-day axis in the buffers. Each step
 * runs over every segment before the next step starts, so a day's error is the earliest step that fails.
 */
function readSegments(
  segments: readonly unknown[],
  n: number,
  workStart: number,
  sameDay: boolean,
): TAttendanceDayError | null {
  for (let i = 0; i < n; i++) {
    const segment = asSegment(segments[i]);
    const start = parseTime(segment.start);
    const end = parseTime(segment.end);
    const error = checkTyped(start, end);
    if (error) return error;
    // Step 4: decided on the typed times, before rounding can bring an end level with its start.
    if (sameDay && end < start) return 'E_END_BEFORE_START';
    starts[i] = start;
    ends[i] = end < start ? end + MINUTES_PER_DAY : end;
  }
  for (let i = 0; i < n; i++) {
    const start = roundUp(starts[i] ?? 0);
    if (start > LATEST_ROUNDED_START) return 'E_RANGE';
    starts[i] = start;
    ends[i] = roundDown(ends[i] ?? 0);
  }
  for (let i = 0; i < n; i++) {
    if ((ends[i] ?? 0) > MINUTES_PER_DAY + workStart) return 'E_CROSS_LIMIT';
  }
  for (let i = 0; i < n; i++) {
    if ((ends[i] ?? 0) <= (starts[i] ?? 0)) return 'E_ZERO_LENGTH';
  }
  return null;
}

/** Step 8: sorts the segments by start and merges overlapping or touching ones; returns how many remain. */
function mergeSegments(n: number): number {
  for (let i = 1; i < n; i++) {
    const s = starts[i] ?? 0;
    const e = ends[i] ?? 0;
    let j = i - 1;
    while (j >= 0 && (starts[j] ?? 0) > s) {
      starts[j + 1] = starts[j] ?? 0;
      ends[j + 1] = ends[j] ?? 0;
      j--;
    }
    starts[j + 1] = s;
    ends[j + 1] = e;
  }
  let merged = 0;
  for (let i = 0; i < n; i++) {
    const s = starts[i] ?? 0;
    const e = ends[i] ?? 0;
    if (merged > 0 && s <= (ends[merged - 1] ?? 0)) {
      if (e > (ends[merged - 1] ?? 0)) ends[merged - 1] = e;
    } else {
      starts[merged] = s;
      ends[merged] = e;
      merged++;
    }
  }
  return merged;
}

const span: ClassMinutes = { basic: 0, early: 0, over: 0, night: 0 };

/** Reads the worked figures of `n` merged segments off the windows. */
function measure(f: DayFigures, n: number, ctx: DayContext, nextIsLegalHoliday: boolean): void {
  const w = ctx.windows;
  for (let i = 0; i < n; i++) {
    const a = starts[i] ?? 0;
    const b = ends[i] ?? 0;
    tally(w, a, b, span);
    f.basic += span.basic;
    f.early += span.early;
    f.over += span.over;
    f.night += span.night;
    if (i > 0) f.stepOut += workedMinutes(w, ends[i - 1] ?? 0, a);
    if (nextIsLegalHoliday && b > MINUTES_PER_DAY) {
      tally(w, a > MINUTES_PER_DAY ? a : MINUTES_PER_DAY, b, span);
      f.pl += span.basic + span.early + span.over + span.night;
      f.pln += span.night;
      f.plOver += span.over;
    }
  }
  f.total = f.basic + f.early + f.over + f.night;
  const first = starts[0] ?? 0;
  const last = ends[n - 1] ?? 0;
  if (first < ctx.workEnd && last > ctx.workStart) {
    f.basicStart = first > ctx.workStart ? first : ctx.workStart;
    f.basicEnd = last < ctx.workEnd ? last : ctx.workEnd;
  }
}

/**
 * Validates one day's record and writes its figures into `f`. Returns the day's error, in which case
 * `f` holds only zeros: a rejected day adds nothing to the month.
 */
export function evaluateDay(
  day: TAttendanceDayInput,
  kind: number,
  nextKind: number,
  ctx: DayContext,
  f: DayFigures,
): TAttendanceDayError | null {
  reset(f);
  const dayClass = dayClassOf(day.type);
  if (dayClass === DayClass.Unknown) return 'E_TYPE';
  const segments: readonly unknown[] = Array.isArray(day.segments) ? day.segments : [];
  const n = segments.length;
  const worksTimes = dayClass === DayClass.Work || dayClass === DayClass.HolidayWork;
  if (dayClass === DayClass.NonWork && n > 0) return 'E_TIMES_NOT_ALLOWED';
  if (worksTimes && n === 0) return 'E_TIMES_REQUIRED';
  if (dayClass === DayClass.HolidayWork && kind === CalendarCode.Work) return 'E_HOLWORK_ON_WORKDAY';

  if (n > 0) {
    ensureCapacity(n);
    const error = readSegments(segments, n, ctx.workStart, ctx.sameDay);
    if (error) return error;
    const merged = mergeSegments(n);
    measure(f, merged, ctx, nextKind === CalendarCode.Legal && kind !== CalendarCode.Legal);
  }

  f.dayClass = dayClass;
  f.hasTimes = n > 0;
  if (dayClass === DayClass.Leave) {
    // A half day's leave is half the scheduled day: the spec's 5-hour half shift (lunch included) and
    // 4 hours of leave. An odd basic_net leaves a half minute: rounded up, never to the worker's loss.
    f.leaveDays = n > 0 ? 0.5 : 1;
    f.leaveTime = n > 0 ? Math.ceil(ctx.basicNet / 2) : ctx.basicNet;
  }
  if (dayClass === DayClass.Work || (dayClass === DayClass.Leave && n > 0)) {
    const missing = ctx.basicNet - f.basic - f.leaveTime;
    f.shortfall = missing > 0 ? missing : 0;
  }
  if (dayClass === DayClass.Work || dayClass === DayClass.Leave) {
    const statutory = f.total - f.pl - LEGAL_DAY_MINUTES;
    f.legalOver = statutory > 0 ? statutory : 0;
  } else if (dayClass === DayClass.HolidayWork && kind === CalendarCode.NonLegal) {
    // The rules count work on a 所定休日 as statutory overtime from its first minute (with a five-day,
    // 40-hour week the week's legal hours are spent); on a 法定休日 it is holiday work, paid at 35 %
    // and never counted towards the 60 hours.
    f.legalOver = f.total - f.pl;
  }
  return null;
}
