// The month totals (attendance-rules.md "Month totals"), added up day by day in date order.
import { COMPENSATORY_LEAVE_TYPE, ABSENCE_TYPE, DayClass, PAID_LEAVE_TYPE } from './day-types.ts';
import type { DayFigures } from './day.ts';
import { CalendarCode } from './month.ts';
import type { TAttendanceTotals } from './schema.ts';
import { OVERTIME_EXCESS_THRESHOLD_HOURS } from '../limits.ts';

/** The monthly statutory overtime past which the 50 % premium applies (労働基準法 §37). */
export const EXCESS_THRESHOLD_MINUTES = OVERTIME_EXCESS_THRESHOLD_HOURS * 60;

/** Running totals of a call; `legalOverSum` is the month's statutory overtime so far, for excess_over. */
export interface TotalsAccumulator {
  readonly totals: TAttendanceTotals;
  legalOverSum: number;
}

/** Every month total at zero, with the month's work dates as its basic attendance days. */
export function emptyTotals(workDates = 0): TAttendanceTotals {
  return {
    basic_attendance_day: workDates,
    attendance_days: 0,
    attendance_time: 0,
    total_work_time: 0,
    early_over_time: 0,
    night_over_time: 0,
    over_time: 0,
    legal_holiday: 0,
    legal_holiday_time: 0,
    legal_holiday_over: 0,
    legal_holiday_night: 0,
    nonlegal_hol: 0,
    nonlegal_hol_time: 0,
    nonlegal_hol_over: 0,
    nonlegal_hol_night: 0,
    compensatory_days: 0,
    compensatory_leave: 0,
    paid_vacation_days: 0,
    paid_vacation_time: 0,
    absence_days: 0,
    absence_time: 0,
    absence_calculate: 0,
    excess_over: 0,
    amount_time: 0,
  };
}

export function startTotals(workDates: number): TotalsAccumulator {
  return { legalOverSum: 0, totals: emptyTotals(workDates) };
}

function excessOf(sum: number): number {
  return sum > EXCESS_THRESHOLD_MINUTES ? sum - EXCESS_THRESHOLD_MINUTES : 0;
}

/**
 * Adds one accepted day; returns the day's excess_over: its part of the month's minutes past 60 hours,
 * so the day that crosses the line carries its last minutes and every later day all of its own.
 */
export function addDay(acc: TotalsAccumulator, type: string, kind: number, f: DayFigures): number {
  const t = acc.totals;
  // PL and PLN are 法定休日 work wherever they sit, so they leave the day's own class for the
  // legal-holiday totals. PL is never basic time: it ends by the next day's start of work.
  const plNight = f.pln;
  const plOver = f.plOver;
  const plEarly = f.pl - f.pln - f.plOver;
  t.legal_holiday_over += f.pl - plNight;
  t.legal_holiday_night += plNight;
  t.total_work_time += f.total;

  if (f.dayClass === DayClass.Work || (f.dayClass === DayClass.Leave && f.hasTimes)) {
    t.attendance_days++;
    t.attendance_time += f.basic;
    // The rules write `early − (PL − PLN)` and leave over_time whole: with the usual windows every
    // after-midnight minute off the night window is early. A 残業 window reaching past midnight would
    // class some as overtime, so each part comes off its own figure and neither can go negative.
    t.early_over_time += f.early - plEarly;
    t.over_time += f.over - plOver;
    t.night_over_time += f.night - plNight;
    t.absence_time += f.shortfall;
  } else if (f.dayClass === DayClass.HolidayWork) {
    if (kind === CalendarCode.Legal) {
      t.legal_holiday++;
      t.legal_holiday_time += f.basic;
      t.legal_holiday_over += f.early + f.over;
      t.legal_holiday_night += f.night;
    } else {
      t.nonlegal_hol++;
      t.nonlegal_hol_time += f.basic;
      t.nonlegal_hol_over += f.early + f.over - (f.pl - plNight);
      t.nonlegal_hol_night += f.night - plNight;
    }
  }

  if (type === PAID_LEAVE_TYPE) {
    t.paid_vacation_days += f.leaveDays;
    t.paid_vacation_time += f.leaveTime;
  } else if (type === COMPENSATORY_LEAVE_TYPE) {
    t.compensatory_days += f.leaveDays;
    t.compensatory_leave += f.leaveTime;
  } else if (type === ABSENCE_TYPE) {
    t.absence_days++;
  }

  const before = acc.legalOverSum;
  acc.legalOverSum = before + f.legalOver;
  return excessOf(acc.legalOverSum) - excessOf(before);
}

/** The totals that follow from the others once every day is in. */
export function finishTotals(acc: TotalsAccumulator, basicNet: number): TAttendanceTotals {
  const t = acc.totals;
  t.absence_calculate = t.absence_days * basicNet + t.absence_time;
  t.excess_over = excessOf(acc.legalOverSum);
  t.amount_time = t.total_work_time + t.paid_vacation_time;
  return t;
}
