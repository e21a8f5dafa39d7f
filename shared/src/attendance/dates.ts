// Calendar arithmetic of a month, by the proleptic Gregorian calendar. Date.UTC is used as a pure
// function of its arguments here: nothing reads the clock.

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function two(n: number): string {
  return n < 10 ? `0${n}` : `${n}`;
}

/** `YYYY-MM-DD`; a day past the month's end rolls into the next month (day 32 of December: 01-01). */
export function dateOf(year: number, month: number, day: number): string {
  const last = day > 28 ? daysInMonth(year, month) : 28;
  if (day > last) return month === 12 ? dateOf(year + 1, 1, day - last) : dateOf(year, month + 1, day - last);
  return `${String(year).padStart(4, '0')}-${two(month)}-${two(day)}`;
}

/** The first and last dates of a month, `YYYY-MM-DD`. */
export function monthBounds(year: number, month: number): { first: string; last: string } {
  return { first: dateOf(year, month, 1), last: dateOf(year, month, daysInMonth(year, month)) };
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(year: number, month: number, day: number): number {
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

export function isWeekend(year: number, month: number, day: number): boolean {
  const weekday = weekdayOf(year, month, day);
  return weekday === 0 || weekday === 6;
}
