// The entry form's rules (spec §4.4) as pure functions of the form data: each returns a new value and
// leaves its arguments alone, so React state and the API's checks can both use them.
import { ATTENDANCE_DAY_TYPES, type CodeItem, PAID_LEAVE_CATEGORY } from '../codes.ts';
import { HALF_DAY_SHIFT_HOURS } from '../limits.ts';
import { dateOf, isWeekend } from './dates.ts';
import { ABSENCE_TYPE, DayClass, dayClassOf, PAID_LEAVE_TYPE } from './day-types.ts';
// Types only: form-state.ts defines zod schemas, and the web bundles these rules into screens whose
// zod chunk the sign-in page shares (docs/decisions.md, "The sign-in pages stay small").
import type { TAttendanceForm, TAttendanceFormDay, TContractTimes, TFormSet } from './form-state.ts';
import type { TAttendanceDayError } from './errors.ts';
import type { TAttendanceCalendar, TAttendanceSettings, TTimePeriod } from './schema.ts';
import {
  formatTime,
  LATEST_ROUNDED_START,
  parseTime,
  roundDown,
  roundUp,
  TIME_FORMAT_ERROR,
  TIME_RANGE_ERROR,
} from './time.ts';

const HOLIDAY_TYPE = '10';
const WORK_TYPE = '01';
const [LEAVE_HOURS, HALF_SHIFT_HOURS] = HALF_DAY_SHIFT_HOURS;

/** The types a set offers: paid leave (03) is recorded in the first set only, so the second drops it. */
export function selectableDayTypes(set: TFormSet): readonly CodeItem[] {
  return set === 'second'
    ? ATTENDANCE_DAY_TYPES.filter((t) => t.value !== PAID_LEAVE_TYPE)
    : ATTENDANCE_DAY_TYPES;
}

export function isSelectableDayType(set: TFormSet, type: string): boolean {
  return type === '' || selectableDayTypes(set).some((t) => t.value === type);
}

/**
 * Whether a day's times can be typed. Spec §4.4 makes them read-only for 07 and 10; the calculation
 * refuses times on every non-work type (02, 07, 10, 11: E_TIMES_NOT_ALLOWED), so all four lock them.
 */
export function timesEditable(day: TAttendanceFormDay): boolean {
  return !day.locked && day.type !== '' && dayClassOf(day.type) !== DayClass.NonWork;
}

/**
 * Choosing a type for a day: no type or a non-work type clears the times; 01 and 03 fill empty times
 * from the contract's working hours; other types keep what was typed. A locked day, or a type the
 * set does not offer, leaves the day as it was.
 */
export function applyDayType(
  day: TAttendanceFormDay,
  type: string,
  contract: TContractTimes,
  set: TFormSet,
): TAttendanceFormDay {
  if (day.locked || !isSelectableDayType(set, type)) return day;
  if (type === '' || dayClassOf(type) === DayClass.NonWork) return { ...day, type, start: '', end: '' };
  if (type === WORK_TYPE || type === PAID_LEAVE_TYPE) {
    return { ...day, type, start: day.start || contract.start, end: day.end || contract.end };
  }
  return { ...day, type };
}

/**
 * A start time on blur: rounded up to 15 minutes. Text that is no time, or 23:46 and later (which
 * would round into the next day), stays as typed so the calculation can name the problem.
 */
export function roundStartOnBlur(text: string): string {
  const minutes = parseTime(text);
  if (minutes < 0) return text;
  const rounded = roundUp(minutes);
  return rounded > LATEST_ROUNDED_START ? text : formatTime(rounded);
}

/** An end time on blur: rounded down to 15 minutes; text that is no time stays as typed. */
export function roundEndOnBlur(text: string): string {
  const minutes = parseTime(text);
  return minutes < 0 ? text : formatTime(roundDown(minutes));
}

/**
 * Spec §4.4: a day is a work period only if both times are there and the end is after the start. The
 * entry form refuses an earlier end (E_END_BEFORE_START, `same_day` in merge.ts); this also serves
 * leave days (merge.ts) and the shading of 02/03/04 days (spec §2.5).
 */
export function countsAsWorkPeriod(start: string, end: string): boolean {
  const from = parseTime(start);
  const to = parseTime(end);
  return from >= 0 && to >= 0 && to > from;
}

/**
 * What is wrong with one time cell of a day as it stands, whatever the day's type: the calculation's
 * E_FORMAT or E_RANGE (a start rounding past 23:45 included), or null for an empty or good time. The
 * form names it as soon as the cell is left, before a type is chosen and before anything is sent.
 */
export function timeCellError(text: string, end: 'start' | 'end'): TAttendanceDayError | null {
  if (text === '') return null;
  const minutes = parseTime(text);
  if (minutes === TIME_FORMAT_ERROR) return 'E_FORMAT';
  if (minutes === TIME_RANGE_ERROR) return 'E_RANGE';
  if (end === 'start' && roundUp(minutes) > LATEST_ROUNDED_START) return 'E_RANGE';
  return null;
}

/**
 * A day's own problem from its two times alone: a cell's, else an end before the start (spec §4.4,
 * E_END_BEFORE_START) or equal to it. Null when either is empty or both are fine.
 */
export function dayTimesError(start: string, end: string): TAttendanceDayError | null {
  const cell = timeCellError(start, 'start') ?? timeCellError(end, 'end');
  if (cell || start === '' || end === '') return cell;
  const from = parseTime(start);
  const to = parseTime(end);
  if (to < from) return 'E_END_BEFORE_START';
  return to === from ? 'E_ZERO_LENGTH' : null;
}

/**
 * The breaks whose end is wrong for their start (issue 12, decisions.md "A break ends after it
 * starts"): by index. One that ends earlier on the clock counts as crossing midnight only when it lies
 * wholly outside the basic window (23:30–00:30 after a day ending at 18:00); inside the day
 * (15:15–15:00) it is a typing mistake. Times that do not parse are the schema's to name.
 */
export function misorderedBreaks(
  settings: Pick<TAttendanceSettings, 'work_start_time' | 'work_end_time'>,
  breaks: readonly TTimePeriod[],
): number[] {
  const workStart = parseTime(settings.work_start_time);
  const workEnd = parseTime(settings.work_end_time);
  const wrong: number[] = [];
  breaks.forEach((period, i) => {
    const start = parseTime(period.start);
    const end = parseTime(period.end);
    if (start < 0 || end < 0 || end > start) return;
    if (end < start && workStart >= 0 && workEnd >= 0 && start >= workEnd && end <= workStart) return;
    wrong.push(i);
  });
  return wrong;
}

function mapSet(
  form: TAttendanceForm,
  set: TFormSet,
  change: (day: TAttendanceFormDay, date: string, dayOfMonth: number) => TAttendanceFormDay,
): TAttendanceFormDay[] {
  return form[set].map((day, i) => change(day, dateOf(form.year, form.month, i + 1), i + 1));
}

function bothSets(
  form: TAttendanceForm,
  change: (day: TAttendanceFormDay, date: string, dayOfMonth: number) => TAttendanceFormDay,
): TAttendanceForm {
  return { ...form, first: mapSet(form, 'first', change), second: mapSet(form, 'second', change) };
}

const LOCKED_EMPTY_DAY: TAttendanceFormDay = Object.freeze({ type: '', start: '', end: '', locked: true });

/** Days after the contract end date (`YYYY-MM-DD`, inclusive last day) are cleared and locked in both sets. */
export function lockDaysAfterContractEnd(form: TAttendanceForm, contractEnd: string | null): TAttendanceForm {
  if (!contractEnd) return form;
  return bothSets(form, (day, date) => (date > contractEnd ? { ...LOCKED_EMPTY_DAY } : day));
}

/**
 * Non-business days that fall on a weekday (national holidays, company days off) and have no type
 * become 10 (休日) and are locked, in both sets. Weekends stay free: they are shaded, not filled.
 */
export function lockHolidays(form: TAttendanceForm, calendar: TAttendanceCalendar): TAttendanceForm {
  return bothSets(form, (day, date, dayOfMonth) => {
    const business = calendar[date] === 'work';
    if (business || day.locked || day.type !== '' || isWeekend(form.year, form.month, dayOfMonth)) return day;
    return { type: HOLIDAY_TYPE, start: '', end: '', locked: true };
  });
}

/**
 * The default-input toggle: business weekdays without a type get 01 and the contract's hours. It fills
 * one set (the form passes the first, the in-house tab) and never overwrites a day already filled.
 */
export function applyDefaultInput(
  form: TAttendanceForm,
  set: TFormSet,
  calendar: TAttendanceCalendar,
  contract: TContractTimes,
): TAttendanceForm {
  const days = mapSet(form, set, (day, date, dayOfMonth) => {
    if (day.locked || day.type !== '' || calendar[date] !== 'work') return day;
    if (isWeekend(form.year, form.month, dayOfMonth)) return day;
    return { ...day, type: WORK_TYPE, start: contract.start, end: contract.end };
  });
  return { ...form, [set]: days };
}

/** A vacation (spec §3.6); only category 01, paid leave, fills the form. */
export interface TLeavePeriod {
  readonly category: string;
  readonly start_date: string;
  readonly end_date: string;
  /** The first day is a half day, leave from the afternoon (午後から). */
  readonly is_start_half: boolean;
  /** The last day is a half day, leave in the morning only. */
  readonly is_end_half: boolean;
}

function shift(time: string, hours: number): string {
  const minutes = parseTime(time);
  return minutes < 0 ? '' : formatTime(minutes + hours * 60);
}

interface LeaveDay {
  readonly first: TAttendanceFormDay;
  readonly second: TAttendanceFormDay;
}

/**
 * How one business day of a paid-leave period reads into both sets. Our reading of spec §4.4:
 * - a whole day: the first set 03 with the contract hours (the calculation reads a 03 covering the
 *   whole basic window as a whole day, see merge.ts); the other set, which cannot hold 03, is 02;
 * - the first day of a period starting in the afternoon: the first set 03 ending 4 hours before the
 *   contract end (the times are the half worked: 09:00–14:00, 5 hours with the lunch hour, the 4 hours
 *   of leave after it); the second set 01 from the contract start to start + 5 hours;
 * - the last day of a period ending at noon, "similar": the first set 03 from 4 hours after the contract
 *   start to its end, the second set 01 for the 5 hours before the contract end.
 * A one-day period marked half at both ends is read as starting in the afternoon.
 */
function leaveDay(
  date: string,
  period: TLeavePeriod,
  first: TContractTimes,
  second: TContractTimes,
): LeaveDay {
  const startsHalf = period.is_start_half && date === period.start_date;
  const endsHalf = !startsHalf && period.is_end_half && date === period.end_date;
  if (startsHalf) {
    return {
      first: {
        type: PAID_LEAVE_TYPE,
        start: first.start,
        end: shift(first.end, -LEAVE_HOURS),
        locked: false,
      },
      second: {
        type: WORK_TYPE,
        start: second.start,
        end: shift(second.start, HALF_SHIFT_HOURS),
        locked: false,
      },
    };
  }
  if (endsHalf) {
    return {
      first: { type: PAID_LEAVE_TYPE, start: shift(first.start, LEAVE_HOURS), end: first.end, locked: false },
      second: {
        type: WORK_TYPE,
        start: shift(second.end, -HALF_SHIFT_HOURS),
        end: second.end,
        locked: false,
      },
    };
  }
  return {
    first: { type: PAID_LEAVE_TYPE, start: first.start, end: first.end, locked: false },
    second: { type: ABSENCE_TYPE, start: '', end: '', locked: false },
  };
}

/**
 * Paid-leave periods (category 01) written into the month, on business days only and never on a
 * locked day. Other categories are recorded elsewhere and leave the form alone.
 */
export function applyLeavePeriods(
  form: TAttendanceForm,
  periods: readonly TLeavePeriod[],
  calendar: TAttendanceCalendar,
  contracts: { readonly first: TContractTimes; readonly second: TContractTimes },
): TAttendanceForm {
  const paid = periods.filter((p) => p.category === PAID_LEAVE_CATEGORY);
  if (paid.length === 0) return form;
  const first = [...form.first];
  const second = [...form.second];
  for (let i = 0; i < first.length; i++) {
    const date = dateOf(form.year, form.month, i + 1);
    const period = paid.find((p) => p.start_date <= date && date <= p.end_date);
    if (!period || calendar[date] !== 'work' || first[i]?.locked || second[i]?.locked) continue;
    const day = leaveDay(date, period, contracts.first, contracts.second);
    first[i] = day.first;
    second[i] = day.second;
  }
  return { ...form, first, second };
}

export type TSettingsTimeField = Exclude<keyof TAttendanceSettings, 'breaks'>;

/**
 * Typing a settings time. Spec §4.4: the work start is copied to the end of the early window (the
 * legacy form's early_end_overtime) and the work end to the start of the overtime window, so early
 * and overtime begin where the schedule stops unless set otherwise afterwards.
 */
export function applySettingsTime(
  settings: TAttendanceSettings,
  field: TSettingsTimeField,
  value: string,
): TAttendanceSettings {
  if (field === 'work_start_time') return { ...settings, work_start_time: value, early_end: value };
  if (field === 'work_end_time') return { ...settings, work_end_time: value, start_overtime: value };
  return { ...settings, [field]: value };
}
