// Between the API's month (shared/contracts/attendance.ts) and the form's snapshot. Only types come
// from the contract module: its zod schemas would put classic zod in the chunk the sign-in page shares.
import { lockDaysAfterContractEnd, lockHolidays } from '@portal/shared/attendance/form-rules';
import type { TFormSet } from '@portal/shared/attendance/form-state';
import type {
  TAttendanceDayField,
  TAttendanceDraftInput,
  TAttendanceMonth,
  TAttendanceSet,
  TAttendanceSubmitInput,
} from '@portal/shared/contracts/attendance';
import type { EntrySnapshot } from './entry-store.ts';
import { settingsForm, toSettings } from './settings-form.ts';

/** The field-error key of a cell, as the contract writes it: `first.days.12.end` (12 = the 12th). */
export const dayErrorKey = (set: TAttendanceSet, day: number, field: TAttendanceDayField) =>
  `${set}.days.${day}.${field}`;

/** A settings time's error key: `second.settings.work_start_time`, `first.settings.breaks.0.start`. */
export const settingsErrorKey = (set: TFormSet, field: string) => `${set}.settings.${field}`;

export const breakErrorKey = (set: TFormSet, index: number, end: 'start' | 'end') =>
  `${set}.settings.breaks.${index}.${end}`;

/** The month as the form starts it; the locks of spec §4.4 are applied again on the way in. */
export function snapshotFromMonth(month: TAttendanceMonth): EntrySnapshot {
  const form = lockHolidays(
    lockDaysAfterContractEnd(
      { year: month.year, month: month.month, first: month.first.days, second: month.second.days },
      month.contract.end_date,
    ),
    month.calendar,
  );
  return {
    year: month.year,
    month: month.month,
    settings: { first: settingsForm(month.first.settings), second: settingsForm(month.second.settings) },
    days: { first: form.first, second: form.second },
    defaultInput: month.default_input,
    remark: month.remark,
  };
}

/** Locks a restored copy the same way: the contract or the calendar may have changed since. */
export function relock(snapshot: EntrySnapshot, month: TAttendanceMonth): EntrySnapshot {
  const form = lockHolidays(
    lockDaysAfterContractEnd(
      {
        year: snapshot.year,
        month: snapshot.month,
        first: [...snapshot.days.first],
        second: [...snapshot.days.second],
      },
      month.contract.end_date,
    ),
    month.calendar,
  );
  return { ...snapshot, days: { first: form.first, second: form.second } };
}

export function draftBody(snapshot: EntrySnapshot): TAttendanceDraftInput {
  return {
    first: { settings: toSettings(snapshot.settings.first), days: [...snapshot.days.first] },
    second: { settings: toSettings(snapshot.settings.second), days: [...snapshot.days.second] },
    remark: snapshot.remark,
    default_input: snapshot.defaultInput,
  };
}

export interface TimesheetChange {
  /** A new file as the upload string, or null to keep what is attached. */
  readonly upload: string | null;
  /** Remove the attached file. */
  readonly remove: boolean;
}

export function submitBody(snapshot: EntrySnapshot, timesheet: TimesheetChange): TAttendanceSubmitInput {
  return {
    ...draftBody(snapshot),
    year: snapshot.year,
    month: snapshot.month,
    work_time_file: timesheet.upload,
    file_del: timesheet.remove && timesheet.upload === null,
  };
}
