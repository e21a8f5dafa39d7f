// The history's filters in the URL (style.md: filters and page live there): ?kind=&year=&state=.
import { useSearchParams } from 'react-router-dom';
import {
  UPLOAD_KINDS,
  UPLOAD_STATES,
  type TUploadHistoryQuery,
  type TUploadKind,
  type TUploadState,
} from '@portal/shared/contracts/uploads';
import { readPage } from '@/lib/page-param.ts';

export interface HistoryFilters {
  kind?: TUploadKind;
  year?: number;
  state?: TUploadState;
}

const oneOf = <T extends string>(values: readonly T[], text: string | null): T | undefined =>
  values.find((value) => value === text);

export function readFilters(params: URLSearchParams): HistoryFilters {
  const year = params.get('year') ?? '';
  return {
    kind: oneOf(UPLOAD_KINDS, params.get('kind')),
    year: /^\d{4}$/.test(year) ? Number(year) : undefined,
    state: oneOf(UPLOAD_STATES, params.get('state')),
  };
}

/** The filters and the page, as the API takes them. */
export function useHistoryFilters(): [query: TUploadHistoryQuery, set: (next: HistoryFilters) => void] {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const set = (next: HistoryFilters) => {
    const merged = { ...filters, ...next };
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(merged))
      if (value !== undefined) search.set(key, String(value));
    // A new filter starts on its first page.
    setParams(search);
  };
  return [{ ...filters, page: readPage(params) }, set];
}
