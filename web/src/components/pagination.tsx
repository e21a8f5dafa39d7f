import Button from '@douyinfe/semi-ui/lib/es/button';

/** The page numbers shown around the current one: first, last, and two either side. */
export function pageWindow(current: number, total: number): (number | '…')[] {
  const pages: (number | '…')[] = [];
  for (let page = 1; page <= total; page += 1) {
    if (page === 1 || page === total || Math.abs(page - current) <= 2) pages.push(page);
    else if (pages[pages.length - 1] !== '…') pages.push('…');
  }
  return pages;
}

/**
 * Pages of a list, in Japanese, as real buttons in a navigation landmark (Semi's Pagination puts
 * role="button" items without keyboard focus in a list and names them in English).
 */
export function Pagination({
  total,
  pageSize,
  currentPage,
  onPageChange,
  compact,
  className,
}: {
  total: number;
  pageSize: number;
  currentPage: number;
  onPageChange: (page: number) => void;
  compact?: boolean;
  className?: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className={`pagination ${className ?? ''}`} aria-label="ページ送り">
      <Button disabled={currentPage <= 1} onClick={() => onPageChange(currentPage - 1)}>
        前へ
      </Button>
      {compact ? (
        <span className="pagination__status">
          {currentPage} / {pages} ページ
        </span>
      ) : (
        <ul className="pagination__pages">
          {pageWindow(currentPage, pages).map((page, index) =>
            page === '…' ? (
              <li key={`gap-${index}`} aria-hidden="true" className="pagination__gap">
                …
              </li>
            ) : (
              <li key={page}>
                <Button
                  theme={page === currentPage ? 'solid' : 'borderless'}
                  aria-current={page === currentPage ? 'page' : undefined}
                  aria-label={`${page} ページ`}
                  onClick={() => onPageChange(page)}
                >
                  {page}
                </Button>
              </li>
            ),
          )}
        </ul>
      )}
      <Button disabled={currentPage >= pages} onClick={() => onPageChange(currentPage + 1)}>
        次へ
      </Button>
    </nav>
  );
}
