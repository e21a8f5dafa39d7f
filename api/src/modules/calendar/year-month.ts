import { NotFound } from '../../errors.ts';

/**
 * A year and month from the path: four digits, and 1–12 (with or without a leading zero). Anything
 * else names no month, so it is a 404 like a non-numeric id.
 */
export function parseYearMonth(
  year: string | string[] | undefined,
  month: string | string[] | undefined,
): { year: number; month: number } {
  const y = typeof year === 'string' && /^\d{4}$/.test(year) ? Number(year) : NaN;
  const m = typeof month === 'string' && /^\d{1,2}$/.test(month) ? Number(month) : NaN;
  if (!(y >= 2000 && y <= 2100 && m >= 1 && m <= 12)) throw new NotFound();
  return { year: y, month: m };
}
