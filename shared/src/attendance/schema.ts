// The contract of computeAttendance (attendance-rules.md "The contract") as zod schemas, so the API
// validates a request body with the very checks the calculation relies on. Day-level problems (an
// unknown type, a badly typed time) are not schema errors: they come back as the day's `error`.
import { z } from 'zod';
import { MAX_BREAK_PERIODS } from '../limits.ts';
import { ATTENDANCE_DAY_ERRORS } from './errors.ts';
import { isTime } from './time.ts';

/** A settings time: `H:MM` or `HH:MM`, 00:00–23:59. */
export const ZClockTime = z.string().refine(isTime, { message: '時刻は HH:MM の形式で入力してください。' });

export const ZTimePeriod = z.object({ start: ZClockTime, end: ZClockTime });
export type TTimePeriod = z.infer<typeof ZTimePeriod>;

/**
 * One tab's settings (spec §3.10: the in-house tab's fields, or the on-site tab's `*_2` fields).
 * The lunch break may be absent: null, undefined or '' all mean none.
 */
export const ZAttendanceSettings = z.object({
  work_start_time: ZClockTime,
  work_end_time: ZClockTime,
  lunch_start_time: z.string().nullish(),
  lunch_end_time: z.string().nullish(),
  breaks: z.array(ZTimePeriod).max(MAX_BREAK_PERIODS),
  early_start: ZClockTime,
  early_end: ZClockTime,
  start_overtime: ZClockTime,
  end_overtime: ZClockTime,
  late_start: ZClockTime,
  late_end_time: ZClockTime,
});
export type TAttendanceSettings = z.infer<typeof ZAttendanceSettings>;

export const CALENDAR_KINDS = ['work', 'nonlegal', 'legal'] as const;
/** work = 所定労働日, nonlegal = 所定休日, legal = 法定休日. */
export const ZCalendarKind = z.enum(CALENDAR_KINDS);
export type TCalendarKind = z.infer<typeof ZCalendarKind>;

/** Every date of the month and the day after it, as `YYYY-MM-DD`. */
export const ZAttendanceCalendar = z.record(z.string(), ZCalendarKind);
export type TAttendanceCalendar = z.infer<typeof ZAttendanceCalendar>;

/** Times as typed; the calculation checks them and answers E_FORMAT, E_RANGE… on the day. */
export const ZAttendanceSegment = z.object({ start: z.string(), end: z.string() });
export type TAttendanceSegment = z.infer<typeof ZAttendanceSegment>;

export const ZAttendanceDayInput = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  type: z.string(),
  segments: z.array(ZAttendanceSegment),
});
export type TAttendanceDayInput = z.infer<typeof ZAttendanceDayInput>;

/** The calculation's input field by field; ZAttendanceInput (input.ts) adds the checks across fields. */
export const ZAttendanceInputFields = z.object({
  year: z.number().int().min(1).max(9999),
  month: z.number().int().min(1).max(12),
  settings: ZAttendanceSettings,
  calendar: ZAttendanceCalendar,
  days: z.array(ZAttendanceDayInput),
  /**
   * Every segment ends on its own date (spec §4.4: a day is a work period only if its end is after its
   * start): an end before the start is E_END_BEFORE_START instead of the next day (rules, step 4).
   * The entry form and the API's month check set it (merge.ts, decisions.md); absent, the rules'
   * overnight reading holds.
   */
  same_day: z.boolean().optional(),
});
export type TAttendanceInput = z.infer<typeof ZAttendanceInputFields>;

export const ZAttendanceDayError = z.enum(ATTENDANCE_DAY_ERRORS);

const minutes = z.number().int().nonnegative();
const count = z.number().int().nonnegative();

export const ZAttendanceDayResult = z.object({
  date: z.string(),
  error: ZAttendanceDayError.nullable(),
  basic_start: z.string().nullable(),
  basic_end: z.string().nullable(),
  basic_time: minutes,
  early: minutes,
  over: minutes,
  night_over: minutes,
  total_time: minutes,
  step_out_time: minutes,
  shortfall: minutes,
  leave_days: z.number().nonnegative(),
  leave_time: minutes,
  legal_over: minutes,
  excess_over: minutes,
});
export type TAttendanceDayResult = z.infer<typeof ZAttendanceDayResult>;

export const ZAttendanceTotals = z.object({
  basic_attendance_day: count,
  attendance_days: count,
  attendance_time: minutes,
  total_work_time: minutes,
  early_over_time: minutes,
  night_over_time: minutes,
  over_time: minutes,
  legal_holiday: count,
  legal_holiday_time: minutes,
  legal_holiday_over: minutes,
  legal_holiday_night: minutes,
  nonlegal_hol: count,
  nonlegal_hol_time: minutes,
  nonlegal_hol_over: minutes,
  nonlegal_hol_night: minutes,
  compensatory_days: z.number().nonnegative(),
  compensatory_leave: minutes,
  paid_vacation_days: z.number().nonnegative(),
  paid_vacation_time: minutes,
  absence_days: count,
  absence_time: minutes,
  absence_calculate: minutes,
  excess_over: minutes,
  amount_time: minutes,
});
export type TAttendanceTotals = z.infer<typeof ZAttendanceTotals>;

export const ZAttendanceResult = z.object({
  days: z.array(ZAttendanceDayResult),
  totals: ZAttendanceTotals,
});
export type TAttendanceResult = z.infer<typeof ZAttendanceResult>;
