// computeAttendance: the monthly attendance calculation of attendance-rules.md. The web form calls it
// on every change and the API on every save, so it is pure and does its setup once per call: settings
// parsed and windows laid once, then one pass over the days in date order.
import { emptyDayFigures, evaluateDay, type DayContext } from './day.ts';
import { prepareMonth } from './month.ts';
import type { TAttendanceDayResult, TAttendanceInput, TAttendanceResult } from './schema.ts';
import { formatTime } from './time.ts';
import { addDay, finishTotals, startTotals } from './totals.ts';
import { layWindows, workedMinutes } from './windows.ts';

function rejectedDay(date: string, error: TAttendanceDayResult['error']): TAttendanceDayResult {
  return {
    date,
    error,
    basic_start: null,
    basic_end: null,
    basic_time: 0,
    early: 0,
    over: 0,
    night_over: 0,
    total_time: 0,
    step_out_time: 0,
    shortfall: 0,
    leave_days: 0,
    leave_time: 0,
    legal_over: 0,
    excess_over: 0,
  };
}

/**
 * The per-day figures and month totals of one tab (or of the merged view). Day-level problems come
 * back as the day's `error`; an input ZAttendanceInput refuses throws AttendanceInputError.
 */
export function computeAttendance(input: TAttendanceInput): TAttendanceResult {
  const month = prepareMonth(input);
  const { settings, kinds, recordAt, dates } = month;
  const windows = layWindows(settings);
  const ctx: DayContext = {
    windows,
    workStart: settings.workStart,
    workEnd: settings.workEnd,
    basicNet: workedMinutes(windows, settings.workStart, settings.workEnd),
    sameDay: input.same_day === true,
  };
  const acc = startTotals(month.workDates);
  const figures = emptyDayFigures();
  const days: TAttendanceDayResult[] = [];

  for (let d = 0; d < month.daysInMonth; d++) {
    const index = recordAt[d] ?? -1;
    if (index < 0) continue;
    const record = input.days[index];
    const date = dates[d] ?? '';
    if (record === undefined) continue;
    const kind = kinds[d] ?? 0;
    const error = evaluateDay(record, kind, kinds[d + 1] ?? 0, ctx, figures);
    if (error) {
      days.push(rejectedDay(date, error));
      continue;
    }
    const excess = addDay(acc, record.type, kind, figures);
    days.push({
      date,
      error: null,
      basic_start: figures.basicStart < 0 ? null : formatTime(figures.basicStart),
      basic_end: figures.basicEnd < 0 ? null : formatTime(figures.basicEnd),
      basic_time: figures.basic,
      early: figures.early,
      over: figures.over,
      night_over: figures.night,
      total_time: figures.total,
      step_out_time: figures.stepOut,
      shortfall: figures.shortfall,
      leave_days: figures.leaveDays,
      leave_time: figures.leaveTime,
      legal_over: figures.legalOver,
      excess_over: excess,
    });
  }
  return { days, totals: finishTotals(acc, ctx.basicNet) };
}
