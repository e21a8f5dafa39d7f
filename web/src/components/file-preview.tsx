// The preview of an uploaded file before it is written (the console's people import, the slips'
// issue): every error listed at its line and column, and the rows as read, 10 a page, searchable, each
// erroneous cell outlined with its message. Shared so that no feature imports another's screen.
import { useId, useMemo, useState, type ReactNode } from 'react';
import { PAGE_SIZE } from '@portal/shared/limits';
import { useIsMobile } from '@/hooks/use-media-query.ts';
import { Pagination } from './pagination.tsx';
import { ScrollRegion } from './scroll-region.tsx';
import './file-preview.css';

export interface PreviewError {
  /** The line of the file (the header is line 1). */
  row: number;
  /** The header label of the cell, or null for the whole row. */
  column: string | null;
  message: string;
}

export interface PreviewRow {
  row: number;
  cells: Readonly<Record<string, string | undefined>>;
}

/** Where an error is: `3 行目「入社日」`. */
export const errorPlace = (error: PreviewError) =>
  `${error.row} 行目${error.column ? `「${error.column}」` : ''}`;

/** Every error of the file at its line and column. */
export function PreviewErrorList({ errors }: { errors: readonly PreviewError[] }) {
  return (
    <ul className="file-preview__errors" aria-label="エラーの一覧">
      {errors.map((e) => (
        <li key={`${e.row}:${e.column}:${e.message}`}>
          {errorPlace(e)}：{e.message}
        </li>
      ))}
    </ul>
  );
}

/** A row matches when one of the searched cells holds the text, spaces and width ignored. */
const fold = (text: string) => text.normalize('NFKC').replace(/\s+/g, '').toLowerCase();

interface PreviewTableProps {
  columns: readonly string[];
  rows: readonly PreviewRow[];
  errors: readonly PreviewError[];
  /** Names the table and its scroller. */
  label: string;
  caption: string;
  /** The columns the search box looks in (none: no search box). */
  searchColumns?: readonly string[];
  /** The search box's label, e.g. 社員番号・氏名で検索. */
  searchLabel?: string;
  /** An extra mark for a row (訂正), shown after its line number. */
  rowNote?: (row: PreviewRow) => ReactNode;
  /** data-testid of an erroneous cell: `${prefix}-${row}-${column}`. */
  errorTestIdPrefix?: string;
}

/** The rows as read, 10 a page; rows with errors first-class: their cells outlined with the message. */
export function PreviewTable({
  columns,
  rows,
  errors,
  label,
  caption,
  searchColumns = [],
  searchLabel = '検索',
  rowNote,
  errorTestIdPrefix = 'preview-error',
}: PreviewTableProps) {
  const searchId = useId();
  const isMobile = useIsMobile();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);

  const errorAt = useMemo(() => {
    const at = new Map<string, string[]>();
    for (const e of errors) {
      const key = `${e.row}:${e.column ?? ''}`;
      at.set(key, [...(at.get(key) ?? []), e.message]);
    }
    return at;
  }, [errors]);

  const shown = useMemo(() => {
    const wanted = fold(query);
    if (!wanted) return rows;
    return rows.filter((r) => searchColumns.some((c) => fold(r.cells[c] ?? '').includes(wanted)));
  }, [rows, query, searchColumns]);
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const slice = shown.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);

  return (
    <div className="file-preview">
      {searchColumns.length > 0 ? (
        <div className="file-preview__search">
          <label htmlFor={searchId}>{searchLabel}</label>
          <input
            id={searchId}
            type="search"
            className="file-preview__search-input"
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setPage(1);
            }}
          />
          <span role="status" className="file-preview__count">
            {query ? `${shown.length} 行が該当` : `${rows.length} 行`}
          </span>
        </div>
      ) : null}
      <ScrollRegion label={label} className="file-preview__scroll">
        <table className="file-preview__table">
          <caption className="file-preview__caption">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">行</th>
              {columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {slice.map((r) => (
              <tr key={r.row} className={errorAt.has(`${r.row}:`) ? 'file-preview__row--error' : undefined}>
                <th scope="row">
                  {r.row}
                  {rowNote?.(r)}
                  {errorAt.has(`${r.row}:`) ? (
                    <span className="file-preview__message">{errorAt.get(`${r.row}:`)!.join(' ')}</span>
                  ) : null}
                </th>
                {columns.map((c) => {
                  const messages = errorAt.get(`${r.row}:${c}`);
                  return (
                    <td
                      key={c}
                      className={messages ? 'file-preview__cell--error' : undefined}
                      data-testid={messages ? `${errorTestIdPrefix}-${r.row}-${c}` : undefined}
                    >
                      {r.cells[c]}
                      {messages ? <span className="file-preview__message">{messages.join(' ')}</span> : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {shown.length > PAGE_SIZE ? (
        <Pagination
          className="file-preview__pagination"
          total={shown.length}
          pageSize={PAGE_SIZE}
          currentPage={current}
          onPageChange={setPage}
          compact={isMobile}
        />
      ) : null}
    </div>
  );
}
