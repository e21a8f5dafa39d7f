// A month in the URL as ?month=YYYY-MM (style.md: filters, month and page live in the URL), the
// current month when absent or malformed.
import { useSearchParams } from 'react-router-dom';
import { dayjs } from '@/lib/dayjs.ts';

export interface YearMonth {
  year: number;
  month: number;
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function currentMonth(now = dayjs()): YearMonth {
  return { year: now.year(), month: now.month() + 1 };
}

export function readMonth(params: URLSearchParams, fallback: YearMonth = currentMonth()): YearMonth {
  const match = MONTH.exec(params.get('month') ?? '');
  return match ? { year: Number(match[1]), month: Number(match[2]) } : fallback;
}

/** '2025-04', the value of an `<input type="month">` and of ?month=. */
export function monthValue({ year, month }: YearMonth): string {
  return `${year}-${String(month).padStart(2, '0')}`;
}

export function parseMonthValue(value: string): YearMonth | null {
  const match = MONTH.exec(value);
  return match ? { year: Number(match[1]), month: Number(match[2]) } : null;
}

/** The month of ?month= and a setter that keeps the other parameters (and no history entry per change). */
export function useMonthParam(): [month: YearMonth, setMonth: (month: YearMonth) => void] {
  const [params, setParams] = useSearchParams();
  return [
    readMonth(params),
    (month) => {
      const next = new URLSearchParams(params);
      next.set('month', monthValue(month));
      setParams(next, { replace: true });
    },
  ];
}
