// A month to build test inputs on: April 2025 with the settings of the worked cases.
import type {
  TAttendanceCalendar,
  TAttendanceDayInput,
  TAttendanceInput,
  TAttendanceSettings,
} from './schema.ts';

export const APRIL_SETTINGS: TAttendanceSettings = {
  work_start_time: '09:00',
  work_end_time: '18:00',
  lunch_start_time: '12:00',
  lunch_end_time: '13:00',
  breaks: [],
  early_start: '05:00',
  early_end: '09:00',
  start_overtime: '18:00',
  end_overtime: '22:00',
  late_start: '22:00',
  late_end_time: '05:00',
};

/** April 2025: Saturdays and 04-29 (昭和の日) 所定休日, Sundays 法定休日; 05-01 a work day. */
export function aprilCalendar(): TAttendanceCalendar {
  const calendar: TAttendanceCalendar = {};
  for (let day = 1; day <= 30; day++) {
    const weekday = (day + 1) % 7; // 2025-04-01 is a Tuesday
    calendar[`2025-04-${String(day).padStart(2, '0')}`] =
      weekday === 0 ? 'legal' : weekday === 6 || day === 29 ? 'nonlegal' : 'work';
  }
  calendar['2025-05-01'] = 'work';
  return calendar;
}

export function day(date: string, type: string, ...times: [string, string][]): TAttendanceDayInput {
  return { date, type, segments: times.map(([start, end]) => ({ start, end })) };
}

export function aprilInput(
  days: TAttendanceDayInput[],
  settings: Partial<TAttendanceSettings> = {},
): TAttendanceInput {
  return {
    year: 2025,
    month: 4,
    settings: { ...APRIL_SETTINGS, ...settings },
    calendar: aprilCalendar(),
    days,
  };
}
