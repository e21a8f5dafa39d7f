// A list's page in the URL as ?page=N (style.md: filters, month and page live in the URL), 1 when
// absent or malformed; page 1 leaves the URL.
import { useSearchParams } from 'react-router-dom';

export function readPage(params: URLSearchParams): number {
  const text = params.get('page') ?? '';
  return /^\d+$/.test(text) && Number(text) > 0 ? Number(text) : 1;
}

/** The same search params on another page: every other parameter (the filters) stays. */
export function withPage(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page > 1) next.set('page', String(page));
  else next.delete('page');
  return next;
}

export function usePageParam(): [page: number, setPage: (page: number) => void] {
  const [params, setParams] = useSearchParams();
  return [readPage(params), (page) => setParams(withPage(params, page))];
}
