// The task lists keep their filters and page in the URL (style.md), so a reload or a shared link
// shows the same rows: ?workflow=ID&date_from=YYYY-MM-DD&date_to=YYYY-MM-DD&page=N.
import type { TTaskListQuery } from '@portal/shared/contracts/tasks';
import type { TTaskListFilter } from '@portal/shared/workflow/codes';
import { readPage } from '@/lib/page-param.ts';

export interface ListFilters {
  workflow?: number;
  date_from?: string;
  date_to?: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function positiveInt(text: string | null): number | undefined {
  if (text === null || !/^\d+$/.test(text)) return undefined;
  const value = Number(text);
  return value > 0 ? value : undefined;
}

function dateParam(text: string | null): string | undefined {
  return text !== null && DATE.test(text) ? text : undefined;
}

/** The list's query from the URL; anything malformed is left out rather than sent. */
export function readListQuery(params: URLSearchParams, filter: TTaskListFilter): TTaskListQuery {
  const query: TTaskListQuery = { filter, page: readPage(params) };
  const workflow = positiveInt(params.get('workflow'));
  const dateFrom = dateParam(params.get('date_from'));
  const dateTo = dateParam(params.get('date_to'));
  if (workflow !== undefined) query.workflow = workflow;
  if (dateFrom !== undefined) query.date_from = dateFrom;
  if (dateTo !== undefined) query.date_to = dateTo;
  return query;
}

/** New search params for changed filters: the page goes back to 1; empty filters leave the URL. */
export function withFilters(
  params: URLSearchParams,
  changes: Partial<Record<keyof ListFilters, string | number | undefined>>,
) {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  next.delete('page');
  return next;
}
