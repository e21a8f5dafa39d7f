import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-error.ts';
import { renderWithRouter } from '@/testing/render.tsx';
import { DataList, type DataColumn } from './data-list.tsx';
import { CONNECTION_MESSAGE } from '@/lib/error-messages.ts';
import { FORBIDDEN_TITLE } from './errors/forbidden.tsx';
import { LOADING_LABEL, QueryState, RETRY_LABEL } from './query-state.tsx';

interface Row {
  id: number;
  name: string;
  count: number;
}

const COLUMNS: DataColumn<Row>[] = [
  { title: '名称', cell: (row) => row.name },
  { title: '件数', cell: (row) => row.count, align: 'right' },
];

const page = (results: Row[], count = results.length) => ({ count, next: null, previous: null, results });
const done = <T,>(data: T) => ({ isPending: false, error: null, data });

function renderList(query: Parameters<typeof DataList<Row>>[0]['query'], path = '/rows') {
  return renderWithRouter(
    <DataList
      query={query}
      label="行の一覧"
      empty="行がありません。"
      columns={COLUMNS}
      card={(row) => ({ title: row.name, meta: [`${row.count} 件`, null] })}
      rowKey={(row) => row.id}
      rowHref={(row) => `/rows/${row.id}`}
      testId="row"
    />,
    { path, routePath: '/rows', routes: [{ path: '/rows/:id', element: <p>detail</p> }] },
  );
}

function phone() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(max-width: 767px)',
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

describe('DataList', () => {
  it('shows a table named by its caption, with column headers, and opens a row on click', async () => {
    const { router } = renderList(done(page([{ id: 7, name: '休暇申請', count: 3 }])));
    const table = screen.getByRole('table', { name: '行の一覧' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['名称', '件数']);
    await userEvent.click(within(table).getByText('3'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rows/7'));
  });

  it("makes each row's primary cell a link to its record, reached by Tab and opened by Enter", async () => {
    const { router } = renderList(
      done(
        page([
          { id: 7, name: '休暇申請', count: 3 },
          { id: 8, name: '経費精算', count: 1 },
        ]),
      ),
    );
    const rows = screen.getAllByTestId('row');
    expect(rows.map((row) => within(row).getByRole('link').getAttribute('href'))).toEqual([
      '/rows/7',
      '/rows/8',
    ]);
    expect(within(rows[0]!).getByRole('link')).toHaveAccessibleName('休暇申請');
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('region', { name: '行の一覧' })).toHaveFocus();
    await user.tab();
    expect(within(rows[0]!).getByRole('link')).toHaveFocus();
    await user.tab();
    expect(within(rows[1]!).getByRole('link')).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/rows/8'));
  });

  it('links the column marked primary rather than the first', () => {
    renderWithRouter(
      <DataList
        query={done(page([{ id: 7, name: '休暇申請', count: 3 }]))}
        label="行の一覧"
        empty="行がありません。"
        columns={[
          { title: '件数', cell: (row: Row) => row.count },
          { title: '名称', cell: (row: Row) => row.name, primary: true },
        ]}
        card={(row) => ({ title: row.name })}
        rowKey={(row) => row.id}
        rowHref={(row) => `/rows/${row.id}`}
      />,
      { path: '/rows', routePath: '/rows' },
    );
    expect(screen.getByRole('link')).toHaveAccessibleName('休暇申請');
  });

  it('has no clickable row without a focusable link inside it, and no link where rows lead nowhere', () => {
    const { unmount } = renderList(done(page([{ id: 7, name: 'a', count: 1 }])));
    const clickable = document.querySelectorAll('tr.data-table__row--link');
    expect(clickable).toHaveLength(1);
    for (const row of clickable) expect(row.querySelector('a[href]:not([tabindex="-1"])')).not.toBeNull();
    unmount();
    renderWithRouter(
      <DataList
        query={done(page([{ id: 7, name: 'a', count: 1 }]))}
        label="行の一覧"
        empty="行がありません。"
        columns={COLUMNS}
        card={(row) => ({ title: row.name })}
        rowKey={(row) => row.id}
      />,
      { path: '/rows', routePath: '/rows' },
    );
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(document.querySelector('tr.data-table__row--link')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows cards on a phone, each a link, without empty detail lines', () => {
    phone();
    renderList(done(page([{ id: 7, name: '休暇申請', count: 3 }])));
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('list', { name: '行の一覧' });
    const card = within(list).getByTestId('row');
    expect(within(card).getByRole('link')).toHaveAttribute('href', '/rows/7');
    expect(card.querySelectorAll('.data-card__meta')).toHaveLength(1);
  });

  it('pages through the URL, keeping the other parameters', async () => {
    const { router } = renderList(done(page([{ id: 1, name: 'a', count: 1 }], 25)), '/rows?workflow=3');
    const pages = screen.getByRole('navigation', { name: 'ページ送り' });
    await userEvent.click(within(pages).getByRole('button', { name: '3 ページ' }));
    await waitFor(() => expect(router.state.location.search).toBe('?workflow=3&page=3'));
  });

  it('has no pagination when one page holds everything', () => {
    renderList(done(page([{ id: 1, name: 'a', count: 1 }], 10)));
    expect(screen.queryByRole('navigation', { name: 'ページ送り' })).toBeNull();
  });

  it('puts a wide table in a named, focusable scroll region', () => {
    renderList(done(page([{ id: 1, name: 'a', count: 1 }])));
    const region = screen.getByRole('region', { name: '行の一覧' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(within(region).getByRole('table')).toBeInTheDocument();
  });

  it('says so when the page is empty', () => {
    renderList(done(page([])));
    expect(screen.getByText('行がありません。')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('QueryState', () => {
  it('announces loading, then shows the content', () => {
    const { rerender } = renderWithRouter(
      <QueryState query={{ isPending: true, error: null, data: undefined }}>{() => <p>中身</p>}</QueryState>,
    );
    expect(screen.getByRole('status', { name: LOADING_LABEL })).toBeInTheDocument();
    rerender(<QueryState query={done('x')}>{(data) => <p>中身 {data}</p>}</QueryState>);
    expect(screen.getByText('中身 x')).toBeInTheDocument();
  });

  it('reads the error out with role="alert" and keeps data fetched before it', () => {
    renderWithRouter(
      <QueryState
        query={{ isPending: false, error: new ApiError(409, { detail: '更新されています。' }), data: 'old' }}
      >
        {(data) => <p>前の {data}</p>}
      </QueryState>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('更新されています。');
    expect(screen.getByText('前の old')).toBeInTheDocument();
  });
});

describe('refusals and an unreachable API (issue #12 item 13)', () => {
  const offline = () => new ApiError(0, null, 'Failed to fetch');

  it('shows a refusal (403) as the one 権限がありません page, not as a message over the data', () => {
    renderList({
      isPending: false,
      error: new ApiError(403, { detail: '権限がありません。' }),
      data: undefined,
    });
    const refusal = screen.getByTestId('forbidden');
    expect(within(refusal).getByRole('heading', { name: FORBIDDEN_TITLE })).toBeInTheDocument();
    expect(screen.queryByText('行がありません。')).toBeNull();
  });

  it.each([
    ['no answer at all', offline()],
    ['a gateway 502', new ApiError(502, '<html>Bad Gateway</html>')],
    ['a gateway 504', new ApiError(504, null)],
  ])('says the server cannot be reached on %s, with 再試行 that asks again', async (_, error) => {
    const refetch = vi.fn();
    renderList({ isPending: false, error, data: undefined, refetch });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(CONNECTION_MESSAGE);
    await userEvent.click(within(alert).getByRole('button', { name: RETRY_LABEL }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('says so while react-query still retries, instead of an endless spinner', () => {
    renderList({ isPending: true, error: null, failureReason: offline(), data: undefined, refetch: vi.fn() });
    expect(screen.getByRole('alert')).toHaveTextContent(CONNECTION_MESSAGE);
  });

  it("never shows another list's empty answer as this one's while the API is unreachable", () => {
    renderList({
      isPending: false,
      error: null,
      failureReason: offline(),
      data: page([]),
      isPlaceholderData: true,
      refetch: vi.fn(),
    });
    expect(screen.getByRole('alert')).toHaveTextContent(CONNECTION_MESSAGE);
    expect(screen.queryByText('行がありません。')).toBeNull();
  });

  it("shows loading rather than another list's 'nothing here' while this one loads", () => {
    renderList({ isPending: false, error: null, data: page([]), isPlaceholderData: true });
    expect(screen.getByRole('status', { name: LOADING_LABEL })).toBeInTheDocument();
    expect(screen.queryByText('行がありません。')).toBeNull();
  });

  it("keeps the server's own words when a restarting server says why (503 with detail)", () => {
    const restarting = new ApiError(503, { detail: '起動中です。しばらくしてから再度お試しください。' });
    renderList({ isPending: false, error: restarting, data: undefined, refetch: vi.fn() });
    expect(screen.getByRole('alert')).toHaveTextContent('起動中です。しばらくしてから再度お試しください。');
    expect(screen.getByRole('button', { name: RETRY_LABEL })).toBeInTheDocument();
  });
});
