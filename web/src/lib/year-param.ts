// A list's year in the URL as ?year=YYYY (style.md: filters live in the URL); this year when absent
// or malformed. Changing the year goes back to page 1.
import { useSearchParams } from 'react-router-dom';
import { dayjs } from './dayjs.ts';

export function readYear(params: URLSearchParams, fallback: number = dayjs().year()): number {
  const text = params.get('year') ?? '';
  return /^\d{4}$/.test(text) ? Number(text) : fallback;
}

export function useYearParam(): [year: number, setYear: (year: number) => void] {
  const [params, setParams] = useSearchParams();
  return [
    readYear(params),
    (year) => {
      const next = new URLSearchParams(params);
      next.set('year', String(year));
      next.delete('page');
      setParams(next);
    },
  ];
}
