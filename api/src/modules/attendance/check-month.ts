// The server's check of a month as entered: the shape (zod), the days the month has, the locks and
// selectable types of spec §4.4, then computeAttendanceTabs — whose figures are the only ones stored or
// answered. Every problem becomes a field error keyed by the cell (contracts/attendance.ts), so
// nothing is stored when anything is wrong.
import type { z } from 'zod';
import {
  ATTENDANCE_DAY_ERROR_MESSAGES,
  AttendanceInputError,
  type TAttendanceDayError,
} from '@portal/shared/attendance/errors';
import {
  isSelectableDayType,
  lockDaysAfterContractEnd,
  lockHolidays,
  misorderedBreaks,
} from '@portal/shared/attendance/form-rules';
import type { TAttendanceFormDay } from '@portal/shared/attendance/form-state';
import { computeAttendanceTabs } from '@portal/shared/attendance/merge';
import type { TAttendanceResult, TAttendanceSettings } from '@portal/shared/attendance/schema';
import { isTime, parseTime } from '@portal/shared/attendance/time';
import {
  dayFieldKey,
  type TAttendanceDayField,
  type TAttendanceSet,
  type TAttendanceTabsResultData,
} from '@portal/shared/contracts/attendance';
import { NON_FIELD_ERRORS } from '@portal/shared/contracts/errors';
import { ATTENDANCE_MSG, FIELD_MSG } from '@portal/shared/messages';
import type { TAttendanceData } from '../../db/schema/attendance.ts';
import { ValidationError, type FieldErrors } from '../../errors.ts';
import type { MonthSetup } from './month-setup.ts';

const LATEST_ROUNDED_START = 23 * 60 + 45;

/**
 * zod's issues as field errors, with a day's array index turned into its day of the month
 * (`first.days.0.type` → `first.days.1.type`), as the contract promises.
 */
export function fieldErrorsOf(error: z.core.$ZodError): ValidationError {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const path = issue.path.map((part, i) =>
      i === 2 && issue.path[1] === 'days' && typeof part === 'number' ? part + 1 : part,
    );
    const key = path.map(String).join('.') || NON_FIELD_ERRORS;
    if (issue.code === 'unrecognized_keys') {
      for (const name of issue.keys) (fields[`${key}.${name}`] ??= []).push(FIELD_MSG.unknownField);
    } else {
      (fields[key] ??= []).push(issue.message);
    }
  }
  return new ValidationError(fields);
}

/** Which cell of a day an error of the calculation belongs under. */
function fieldOfError(code: TAttendanceDayError, day: TAttendanceFormDay | undefined): TAttendanceDayField {
  const start = day?.start ?? '';
  switch (code) {
    case 'E_TYPE':
    case 'E_HOLWORK_ON_WORKDAY':
      return 'type';
    case 'E_TIMES_NOT_ALLOWED':
      return 'start';
    case 'E_TIMES_REQUIRED':
      return start === '' ? 'start' : 'end';
    case 'E_FORMAT':
    case 'E_RANGE':
      return !isTime(start) || Math.ceil(parseTime(start) / 15) * 15 > LATEST_ROUNDED_START ? 'start' : 'end';
    case 'E_ZERO_LENGTH':
    case 'E_END_BEFORE_START':
    case 'E_CROSS_LIMIT':
      return 'end';
  }
}

function add(fields: FieldErrors, key: string, message: string) {
  const list = (fields[key] ??= []);
  if (!list.includes(message)) list.push(message);
}

function dayOfMonth(date: string): number {
  return Number(date.slice(8, 10));
}

function collectDayErrors(
  fields: FieldErrors,
  set: TAttendanceSet,
  result: TAttendanceResult,
  days: readonly TAttendanceFormDay[],
  skip: ReadonlySet<number> = new Set(),
) {
  for (const day of result.days) {
    if (!day.error) continue;
    const n = dayOfMonth(day.date);
    if (skip.has(n)) continue;
    const field = set === 'merged' ? 'type' : fieldOfError(day.error, days[n - 1]);
    add(fields, dayFieldKey(set, n, field), ATTENDANCE_DAY_ERROR_MESSAGES[day.error]);
  }
}

/** The locks of spec §4.4 as the server sees them; the client's `locked` flags are not trusted. */
function relock(data: TAttendanceData, setup: MonthSetup, fields: FieldErrors): TAttendanceData {
  const unlocked = (days: readonly TAttendanceFormDay[]) => days.map((d) => ({ ...d, locked: false }));
  const form = {
    year: setup.year,
    month: setup.month,
    first: unlocked(data.first.days),
    second: unlocked(data.second.days),
  };
  // Days after the contract end must be empty: they are locked, not dropped silently.
  const afterEnd = lockDaysAfterContractEnd(form, setup.contract.endDate);
  for (const set of ['first', 'second'] as const) {
    form[set].forEach((day, i) => {
      if (afterEnd[set][i]?.locked && (day.type !== '' || day.start !== '' || day.end !== ''))
        add(fields, dayFieldKey(set, i + 1, 'type'), ATTENDANCE_MSG.dayLocked);
    });
  }
  const locked = lockHolidays(afterEnd, setup.calendar);
  return {
    ...data,
    first: { settings: data.first.settings, days: locked.first },
    second: { settings: data.second.settings, days: locked.second },
  };
}

/** A break ends after it starts (misorderedBreaks, shared with the form, which shows it as typed). */
function checkBreakOrder(fields: FieldErrors, set: TAttendanceSet, settings: TAttendanceSettings) {
  for (const i of misorderedBreaks(settings, settings.breaks))
    add(fields, `${set}.settings.breaks.${i}.end`, ATTENDANCE_MSG.breakOrder);
}

/**
 * The month ready to store and its figures, or a ValidationError naming every wrong cell. `data` has
 * passed the zod contract already.
 */
export function checkMonth(
  data: TAttendanceData,
  setup: MonthSetup,
): { data: TAttendanceData; result: TAttendanceTabsResultData } {
  const fields: FieldErrors = {};
  const count = new Date(Date.UTC(setup.year, setup.month, 0)).getUTCDate();
  for (const set of ['first', 'second'] as const) {
    if (data[set].days.length !== count) add(fields, `${set}.days`, ATTENDANCE_MSG.dayCount(count));
    checkBreakOrder(fields, set, data[set].settings);
  }
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);

  const checked = relock(data, setup, fields);
  checked.second.days.forEach((day, i) => {
    if (!isSelectableDayType('second', day.type))
      add(fields, dayFieldKey('second', i + 1, 'type'), ATTENDANCE_MSG.typeNotSelectable);
  });

  let result: TAttendanceTabsResultData;
  try {
    result = computeAttendanceTabs({
      year: setup.year,
      month: setup.month,
      calendar: setup.calendar,
      first: checked.first,
      second: checked.second,
    });
  } catch (err) {
    // The tabs' settings passed the schema's field checks; what is left is their order (an end
    // before its start). The merged view uses the in-house settings, so its error is the first tab's.
    if (!(err instanceof AttendanceInputError)) throw err;
    const { first, second } = checked;
    for (const [set, tab] of [
      ['first', first],
      ['second', second],
    ] as const) {
      try {
        computeAttendanceTabs({
          year: setup.year,
          month: setup.month,
          calendar: setup.calendar,
          first: tab,
          second: tab,
        });
      } catch (inner) {
        if (!(inner instanceof AttendanceInputError)) throw inner;
        add(fields, [set, ...inner.path].join('.'), inner.message);
      }
    }
    if (Object.keys(fields).length === 0) add(fields, NON_FIELD_ERRORS, err.message);
    throw new ValidationError(fields);
  }

  collectDayErrors(fields, 'first', result.first, checked.first.days);
  collectDayErrors(fields, 'second', result.second, checked.second.days);
  const tabErrors = new Set(
    [...result.first.days, ...result.second.days].filter((d) => d.error).map((d) => dayOfMonth(d.date)),
  );
  collectDayErrors(fields, 'merged', result.merged, [], tabErrors);
  if (Object.keys(fields).length > 0) throw new ValidationError(fields);
  return { data: checked, result };
}
