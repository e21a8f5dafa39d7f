// What a whole input must be before any day is looked at: a real month, settings whose times parse,
// a calendar covering the month and the day after it, at most one record a date inside the month.
// A failure here throws AttendanceInputError (the schema turns it into a zod issue); everything the
// checks parse is kept, so the calculation never parses a setting twice.
import { fieldLabel } from '../contracts/field-labels.ts';
import { MAX_BREAK_PERIODS } from '../limits.ts';
import { FIELD_MSG } from '../messages.ts';
import { daysInMonth, dateOf } from './dates.ts';
import { AttendanceInputError } from './errors.ts';
import type { TAttendanceInput } from './schema.ts';
import { parseTime } from './time.ts';

/** Calendar kinds as small numbers, to sit in a Uint8Array. */
export const CalendarCode = { Work: 0, NonLegal: 1, Legal: 2 } as const;
export type CalendarCode = (typeof CalendarCode)[keyof typeof CalendarCode];

/** A period of the day in minutes; `end < start` wraps midnight, `end === start` is empty. */
export interface MinutePeriod {
  readonly start: number;
  readonly end: number;
}

export interface ParsedSettings {
  readonly workStart: number;
  readonly workEnd: number;
  /** Lunch and breaks 1–5, the absent ones left out. */
  readonly breaks: readonly MinutePeriod[];
  readonly early: MinutePeriod;
  readonly overtime: MinutePeriod;
  readonly night: MinutePeriod;
}

export interface PreparedMonth {
  readonly daysInMonth: number;
  /** `YYYY-MM-DD` of each day of the month, then of the day after it (index daysInMonth). */
  readonly dates: readonly string[];
  /** CalendarCode of each of those dates. */
  readonly kinds: Uint8Array;
  /** Index in `input.days` of each day's record, or -1: the days in date order without sorting. */
  readonly recordAt: Int16Array;
  readonly workDates: number;
  readonly settings: ParsedSettings;
}

type Path = readonly (string | number)[];

function fail(code: AttendanceInputError['code'], path: Path, message: string): never {
  throw new AttendanceInputError(code, path, message);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

function requiredTime(settings: Record<string, unknown>, field: string): number {
  const minutes = parseTime(settings[field]);
  if (minutes < 0) fail('E_INPUT_SETTINGS', ['settings', field], FIELD_MSG.time(fieldLabel([field])));
  return minutes;
}

function periodOf(settings: Record<string, unknown>, startField: string, endField: string): MinutePeriod {
  return { start: requiredTime(settings, startField), end: requiredTime(settings, endField) };
}

function parseBreak(value: unknown, path: Path): MinutePeriod {
  const period = isRecord(value) ? value : {};
  const start = parseTime(period.start);
  const end = parseTime(period.end);
  if (start < 0) fail('E_INPUT_SETTINGS', [...path, 'start'], '休憩の開始は HH:MM の時刻にしてください。');
  if (end < 0) fail('E_INPUT_SETTINGS', [...path, 'end'], '休憩の終了は HH:MM の時刻にしてください。');
  return { start, end };
}

function parseSettings(value: unknown): ParsedSettings {
  if (!isRecord(value)) fail('E_INPUT_SETTINGS', ['settings'], '勤務設定がありません。');
  const workStart = requiredTime(value, 'work_start_time');
  const workEnd = requiredTime(value, 'work_end_time');
  // The basic window is one stretch of one day: a schedule across midnight is not supported.
  if (workStart >= workEnd) {
    fail('E_INPUT_SETTINGS', ['settings', 'work_end_time'], '終業時刻は始業時刻より後にしてください。');
  }
  const breaks: MinutePeriod[] = [];
  const lunchStart = value.lunch_start_time;
  const lunchEnd = value.lunch_end_time;
  if (!isBlank(lunchStart) || !isBlank(lunchEnd)) {
    breaks.push({
      start: requiredTime(value, 'lunch_start_time'),
      end: requiredTime(value, 'lunch_end_time'),
    });
  }
  const extra = value.breaks;
  if (!Array.isArray(extra) || extra.length > MAX_BREAK_PERIODS) {
    fail('E_INPUT_SETTINGS', ['settings', 'breaks'], `休憩は ${MAX_BREAK_PERIODS} つまでです。`);
  }
  for (let i = 0; i < extra.length; i++) breaks.push(parseBreak(extra[i], ['settings', 'breaks', i]));
  return {
    workStart,
    workEnd,
    breaks,
    early: periodOf(value, 'early_start', 'early_end'),
    overtime: periodOf(value, 'start_overtime', 'end_overtime'),
    night: periodOf(value, 'late_start', 'late_end_time'),
  };
}

function calendarCode(kind: unknown): CalendarCode | -1 {
  switch (kind) {
    case 'work':
      return CalendarCode.Work;
    case 'nonlegal':
      return CalendarCode.NonLegal;
    case 'legal':
      return CalendarCode.Legal;
    default:
      return -1;
  }
}

// The dates of the last month asked for: the form recomputes one month over and over, and the same
// strings, once used as calendar keys, are looked up without being hashed again.
let lastMonth = { year: 0, month: 0, dates: [] as readonly string[] };

/** `YYYY-MM-DD` of each day of the month, then of the day after it. */
function monthDates(year: number, month: number): readonly string[] {
  if (lastMonth.year !== year || lastMonth.month !== month) {
    const dates: string[] = [];
    const count = daysInMonth(year, month);
    for (let day = 1; day <= count + 1; day++) dates.push(dateOf(year, month, day));
    lastMonth = { year, month, dates };
  }
  return lastMonth.dates;
}

/** The number written by two digits at `at`, or -1. */
function twoDigits(text: string, at: number): number {
  const tens = text.charCodeAt(at) - 48;
  const units = text.charCodeAt(at + 1) - 48;
  return tens >= 0 && tens <= 9 && units >= 0 && units <= 9 ? tens * 10 + units : -1;
}

/** Checks the structure of an input and parses what the calculation needs of it. */
export function prepareMonth(input: TAttendanceInput): PreparedMonth {
  if (!isRecord(input)) fail('E_INPUT_MONTH', [], '入力がありません。');
  const { year, month } = input;
  if (!Number.isInteger(year) || year < 1 || year > 9999) {
    fail('E_INPUT_MONTH', ['year'], '年が正しくありません。');
  }
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    fail('E_INPUT_MONTH', ['month'], '月が正しくありません。');
  }
  const settings = parseSettings(input.settings);

  const dates = monthDates(year, month);
  const dayCount = dates.length - 1;

  const calendar: unknown = input.calendar;
  if (!isRecord(calendar)) fail('E_INPUT_CALENDAR', ['calendar'], 'カレンダーがありません。');
  const kinds = new Uint8Array(dayCount + 1);
  let workDates = 0;
  for (let i = 0; i <= dayCount; i++) {
    const date = dates[i] ?? '';
    const code = calendarCode(calendar[date]);
    if (code < 0) {
      fail('E_INPUT_CALENDAR', ['calendar', date], `${date} の暦（work / nonlegal / legal）がありません。`);
    }
    kinds[i] = code;
    if (code === CalendarCode.Work && i < dayCount) workDates++;
  }

  const days: unknown = input.days;
  if (!Array.isArray(days)) fail('E_INPUT_DATE', ['days'], '日別の入力がありません。');
  const recordAt = new Int16Array(dayCount).fill(-1);
  for (let i = 0; i < days.length; i++) {
    const record: unknown = days[i];
    const date = isRecord(record) ? record.date : undefined;
    const day = typeof date === 'string' && date.length === 10 ? twoDigits(date, 8) : -1;
    if (day < 1 || day > dayCount || dates[day - 1] !== date) {
      fail('E_INPUT_DATE', ['days', i, 'date'], `${String(date)} はこの月の日付ではありません。`);
    }
    if (recordAt[day - 1] !== -1)
      fail('E_INPUT_DUPLICATE_DATE', ['days', i, 'date'], `${date} が二度あります。`);
    recordAt[day - 1] = i;
  }
  return { daysInMonth: dayCount, dates, kinds, recordAt, workDates, settings };
}
