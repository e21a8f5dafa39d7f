// How the attendance screens write figures: minutes as H:MM (hours may pass 24 in a month's totals),
// day counts without trailing zeros, and the weekday of a date in Japanese.
import { weekdayOf } from '@portal/shared/attendance/dates';

const WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'] as const;

/** 510 → '8:30'; 0 → '0:00'. */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `${hours}:${rest < 10 ? '0' : ''}${rest}`;
}

/** 1 → '1', 0.5 → '0.5'. */
export function formatDays(days: number): string {
  return String(Math.round(days * 10) / 10);
}

export function weekdayLabel(year: number, month: number, day: number): string {
  return WEEKDAYS[weekdayOf(year, month, day)] ?? '';
}

/** '2025年4月' */
export function monthLabel(year: number, month: number): string {
  return `${year}年${month}月`;
}
