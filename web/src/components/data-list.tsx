import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { TPage } from '@portal/shared/contracts/pagination';
import { PAGE_SIZE } from '@portal/shared/limits';
import { useIsMobile } from '@/hooks/use-media-query.ts';
import { usePageParam } from '@/lib/page-param.ts';
import { Pagination } from './pagination.tsx';
import { QueryState, type QueryLike } from './query-state.tsx';
import { ScrollRegion } from './scroll-region.tsx';
import './data-list.css';

export interface DataColumn<T> {
  title: string;
  cell: (item: T) => ReactNode;
  /** Pixels; the other columns share what is left. */
  width?: number;
  align?: 'right';
  /**
   * The cell that names the record. Where the list has rowHref it is a link to the record, the
   * row's one Tab stop (WCAG 2.1.1); the first column when no column says so.
   */
  primary?: boolean;
}

/** A row as a card on a phone: the title with a badge (a status tag) beside it, lines of detail under it. */
export interface DataCard {
  title: ReactNode;
  badge?: ReactNode;
  /** Empty entries are left out. */
  meta?: ReactNode[];
}

export interface DataListProps<T> {
  query: QueryLike<TPage<T>> & { isPlaceholderData?: boolean };
  /** Names the table (its caption) and the card list. */
  label: string;
  empty: string;
  columns: readonly DataColumn<T>[];
  card: (item: T) => DataCard;
  rowKey: (item: T) => string | number;
  /**
   * Where a row leads: the primary cell's link (table) or the card (phone) opens it; a mouse click
   * anywhere else on a table row follows that same link.
   */
  rowHref?: (item: T) => string;
  /** data-testid of each row and card. */
  testId?: string;
}

/** A click on a link or button inside the row does its own thing; anywhere else opens the row. */
const onOwnControl = (event: MouseEvent) =>
  event.target instanceof Element && event.target.closest('a, button, input, select, textarea') !== null;

const ROW_LINK_CLASS = 'data-table__link';

/** The whole row as a larger target for a mouse, backed by the row's own link (never instead of it). */
function followRowLink(event: MouseEvent<HTMLTableRowElement>) {
  if (onOwnControl(event)) return;
  // A drag that selected text is not a click on the row.
  if (window.getSelection()?.toString()) return;
  event.currentTarget.querySelector<HTMLAnchorElement>(`a.${ROW_LINK_CLASS}`)?.click();
}

/**
 * One page of a list from the API ({count, results}): a table from 768 px up, cards on a phone,
 * and pagination whose page lives in the URL (?page=N, which the screen's query reads too).
 */
export function DataList<T>({
  query,
  label,
  empty,
  columns,
  card,
  rowKey,
  rowHref,
  testId,
}: DataListProps<T>) {
  const isMobile = useIsMobile();
  const [page, setPage] = usePageParam();
  const primary = Math.max(
    columns.findIndex((column) => column.primary),
    0,
  );

  const table = (items: T[]) => (
    <ScrollRegion label={label} className="data-list__scroll">
      <table className="data-table">
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.title}
                scope="col"
                style={column.width ? { width: column.width } : undefined}
                className={column.align === 'right' ? 'data-table__number' : undefined}
              >
                {column.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr
              key={rowKey(item)}
              data-testid={testId}
              className={rowHref ? 'data-table__row--link' : undefined}
              onClick={rowHref ? followRowLink : undefined}
            >
              {columns.map((column, index) => (
                <td
                  key={column.title}
                  className={column.align === 'right' ? 'data-table__number' : undefined}
                >
                  {rowHref && index === primary ? (
                    <Link className={ROW_LINK_CLASS} to={rowHref(item)}>
                      {column.cell(item)}
                    </Link>
                  ) : (
                    column.cell(item)
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );

  const cards = (items: T[]) => (
    <ul className="data-cards" aria-label={label}>
      {items.map((item) => {
        const { title, badge, meta = [] } = card(item);
        const body = (
          <>
            <span className="data-card__head">
              <span className="data-card__title">{title}</span>
              {badge}
            </span>
            {meta
              .filter((line) => line !== null && line !== undefined && line !== false && line !== '')
              .map((line, index) => (
                <span key={index} className="data-card__meta">
                  {line}
                </span>
              ))}
          </>
        );
        return (
          <li key={rowKey(item)} className="data-card" data-testid={testId}>
            {rowHref ? (
              <Link className="data-card__body" to={rowHref(item)}>
                {body}
              </Link>
            ) : (
              <div className="data-card__body">{body}</div>
            )}
          </li>
        );
      })}
    </ul>
  );

  return (
    <QueryState query={query} empty={empty} isEmpty={(data) => data.results.length === 0}>
      {(data) => (
        <div className="data-list" aria-busy={query.isPlaceholderData === true || undefined}>
          {isMobile ? cards(data.results) : table(data.results)}
          {data.count > PAGE_SIZE ? (
            <Pagination
              className="data-list__pagination"
              total={data.count}
              pageSize={PAGE_SIZE}
              currentPage={page}
              onPageChange={setPage}
              compact={isMobile}
            />
          ) : null}
        </div>
      )}
    </QueryState>
  );
}
