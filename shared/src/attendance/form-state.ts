// The attendance entry form (spec §2.6, §3.10) as plain data, so the web form and the API apply the
// same rules to the same shape. Two sets of days: the first set is the in-house tab (fields without a
// suffix: type_N, start_time_N, end_time_N), the second set the on-site tab (type_N_2 …, settings *_2).
import { z } from 'zod';
import { daysInMonth } from './dates.ts';

/** One day of one set. `type` '' is no type; times '' are empty; a locked day cannot be edited at all. */
export const ZAttendanceFormDay = z.object({
  type: z.string(),
  start: z.string(),
  end: z.string(),
  locked: z.boolean(),
});
export type TAttendanceFormDay = z.infer<typeof ZAttendanceFormDay>;

/** The days of a month, index 0 being the 1st, in both sets. */
export const ZAttendanceForm = z.object({
  year: z.number().int(),
  month: z.number().int().min(1).max(12),
  first: z.array(ZAttendanceFormDay),
  second: z.array(ZAttendanceFormDay),
});
export type TAttendanceForm = z.infer<typeof ZAttendanceForm>;

export type TFormSet = 'first' | 'second';

/** A tab's contract working hours, `HH:MM` (work_start_time / work_end_time, or their *_2). */
export interface TContractTimes {
  readonly start: string;
  readonly end: string;
}

export const EMPTY_FORM_DAY: TAttendanceFormDay = Object.freeze({
  type: '',
  start: '',
  end: '',
  locked: false,
});

/** A month with every day empty in both sets: what changing the month leaves (spec §4.4). */
export function createAttendanceForm(year: number, month: number): TAttendanceForm {
  const count = daysInMonth(year, month);
  return {
    year,
    month,
    first: Array.from({ length: count }, () => ({ ...EMPTY_FORM_DAY })),
    second: Array.from({ length: count }, () => ({ ...EMPTY_FORM_DAY })),
  };
}
