// Which month the form shows: `?month=YYYY-MM` in the URL, else the current month in Japan. The
// selector offers the current and the previous month (spec §2.6, §9), plus the month in the URL when
// it is another one (a sent-back report of an older month opens there).

export interface YearMonth {
  readonly year: number;
  readonly month: number;
}

const TOKYO_OFFSET_MS = 9 * 3_600_000;
const PATTERN = /^(\d{4})-(\d{2})$/;

/** The month it is in Japan at `now` (the company's months, whatever the device's zone). */
export function currentMonth(now: number = Date.now()): YearMonth {
  const tokyo = new Date(now + TOKYO_OFFSET_MS);
  return { year: tokyo.getUTCFullYear(), month: tokyo.getUTCMonth() + 1 };
}

export function previousMonth({ year, month }: YearMonth): YearMonth {
  return month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
}

export function monthParam({ year, month }: YearMonth): string {
  return `${year}-${String(month).padStart(2, '0')}`;
}

export function parseMonthParam(text: string | null): YearMonth | null {
  const match = text ? PATTERN.exec(text) : null;
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  return year >= 2000 && year <= 2100 && month >= 1 && month <= 12 ? { year, month } : null;
}

/** The selector's months, newest first. */
export function monthChoices(chosen: YearMonth, now: number = Date.now()): YearMonth[] {
  const current = currentMonth(now);
  const choices = [current, previousMonth(current)];
  const known = choices.some((c) => c.year === chosen.year && c.month === chosen.month);
  return known ? choices : [...choices, chosen];
}
