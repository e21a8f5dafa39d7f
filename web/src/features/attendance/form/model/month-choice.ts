// Which month the form shows: `?month=YYYY-MM` in the URL (lib/month-param.ts), else the current
// month in Japan. The selector offers the current and the previous month (spec §2.6, §9), plus the
// month in the URL when it is another one (a sent-back report of an older month opens there).
import type { YearMonth } from '@/lib/month-param.ts';

const TOKYO_OFFSET_MS = 9 * 3_600_000;

/** The month it is in Japan at `now`: the company's months, whatever the device's time zone. */
export function tokyoMonth(now: number = Date.now()): YearMonth {
  const tokyo = new Date(now + TOKYO_OFFSET_MS);
  return { year: tokyo.getUTCFullYear(), month: tokyo.getUTCMonth() + 1 };
}

export function previousMonth({ year, month }: YearMonth): YearMonth {
  return month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
}

/** The selector's months, newest first. */
export function monthChoices(chosen: YearMonth, now: number = Date.now()): YearMonth[] {
  const current = tokyoMonth(now);
  const choices = [current, previousMonth(current)];
  const known = choices.some((c) => c.year === chosen.year && c.month === chosen.month);
  return known ? choices : [...choices, chosen];
}
