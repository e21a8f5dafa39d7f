// The statutory paid-leave grant schedule (労働基準法 第39条, 施行規則 第24条の3): the first grant six
// months after joining, then one every year after; full-time staff get 10, 11, 12, 14, 16, 18 and then
// 20 days; staff working four days a week or fewer (and under 30 hours) get the proportional grant
// (比例付与) of their weekly days. A grant lapses two years after it is made (第115条). Dates are
// 'YYYY-MM-DD'; Date.UTC is used only as calendar arithmetic.

/** Days granted by service step (0: six months, 1: 1.5 years … 6: 6.5 years and after), by weekly days. */
export const STATUTORY_GRANT_TABLE = {
  5: [10, 11, 12, 14, 16, 18, 20],
  4: [7, 8, 9, 10, 12, 13, 15],
  3: [5, 6, 6, 8, 9, 10, 11],
  2: [3, 4, 4, 5, 6, 6, 7],
  1: [1, 2, 2, 2, 3, 3, 3],
} as const satisfies Record<number, readonly number[]>;

export type TWeeklyDays = keyof typeof STATUTORY_GRANT_TABLE;

/** Months from joining to the first grant; then a grant every 12 months. */
export const FIRST_GRANT_MONTHS = 6;
/** A grant is valid for two years: it lapses on the same day two years later. */
export const GRANT_VALID_MONTHS = 24;

export interface TScheduledGrant {
  /** 0 for the first grant, 1 for the one a year later… */
  readonly step: number;
  readonly granted_on: string;
  /** The day it lapses: valid while today < expires_on. */
  readonly expires_on: string;
  readonly days: number;
}

function parts(date: string): [number, number, number] {
  return [Number(date.slice(0, 4)), Number(date.slice(5, 7)), Number(date.slice(8, 10))];
}

function text(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** `date` plus `months`; a day the target month lacks becomes its last day (31 Aug + 6 → 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = parts(date);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return text(year, month, Math.min(d, last));
}

/** `date` plus `days` (negative to go back). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = parts(date);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Weekly working days as the table knows them: unknown, 0 or 5 and more are full-time. */
export function weeklyDaysOf(days: number | null | undefined): TWeeklyDays {
  if (days === null || days === undefined || !Number.isInteger(days) || days >= 5 || days < 1) return 5;
  return days as TWeeklyDays;
}

/** Days of the grant at `step` for someone working `weeklyDays` a week. */
export function grantDays(step: number, weeklyDays: number | null | undefined): number {
  const row = STATUTORY_GRANT_TABLE[weeklyDaysOf(weeklyDays)];
  return row[Math.min(Math.max(step, 0), row.length - 1)]!;
}

/** The grant at `step` for someone who joined on `joinDate`. */
export function scheduledGrant(
  joinDate: string,
  step: number,
  weeklyDays: number | null | undefined,
): TScheduledGrant {
  const grantedOn = addMonths(joinDate, FIRST_GRANT_MONTHS + 12 * step);
  return {
    step,
    granted_on: grantedOn,
    expires_on: addMonths(grantedOn, GRANT_VALID_MONTHS),
    days: grantDays(step, weeklyDays),
  };
}

/** The grants made on or before `today` that are still valid then (at most two), oldest first. */
export function grantsDue(
  joinDate: string,
  weeklyDays: number | null | undefined,
  today: string,
): TScheduledGrant[] {
  const due: TScheduledGrant[] = [];
  for (let step = 0; ; step += 1) {
    const grant = scheduledGrant(joinDate, step, weeklyDays);
    if (grant.granted_on > today) return due;
    if (grant.expires_on > today) due.push(grant);
  }
}

/** The first grant after `today`. */
export function nextScheduledGrant(
  joinDate: string,
  weeklyDays: number | null | undefined,
  today: string,
): TScheduledGrant {
  // The grant two steps below the calendar years of service is always on or before today.
  const years = Math.max(0, Number(today.slice(0, 4)) - Number(joinDate.slice(0, 4)) - 2);
  for (let step = years; ; step += 1) {
    const grant = scheduledGrant(joinDate, step, weeklyDays);
    if (grant.granted_on > today) return grant;
  }
}
