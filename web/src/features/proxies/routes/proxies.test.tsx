import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TProxy } from '@portal/shared/contracts/proxies';
import { CONFIRM, FIELD_MSG } from '@portal/shared/messages';
import { mockFetch } from '@/testing/fetch-mock.ts';
import { renderWithRouter } from '@/testing/render.tsx';
import ProxyAddRoute from './proxy-add.tsx';
import ProxyDetailRoute from './proxy-detail.tsx';
import ProxyListRoute, { EMPTY_PROXIES } from './proxy-list.tsx';

const notify = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));
vi.mock('@/lib/notify.ts', () => notify);

function proxy(overrides: Partial<TProxy> = {}): TProxy {
  return {
    id: 4,
    principal_id: 1,
    principal_name: '山田 太郎',
    proxy_id: 2,
    proxy_name: '佐藤 花子',
    start_date: '2020-01-01',
    end_date: '2020-01-31',
    is_active: false,
    is_mine_as_proxy: false,
    ...overrides,
  };
}

const LIST_ROUTE = [{ path: '/proxies', element: <p>list</p> }];

const APPROVERS = [
  { value: 2, text: '佐藤 花子' },
  { value: 3, text: '鈴木 一郎' },
];

beforeEach(() => {
  notify.toastSuccess.mockReset();
  notify.toastError.mockReset();
});

describe('proxy list', () => {
  it('shows principal, proxy, period and status, and pages', async () => {
    const { requests } = mockFetch({
      'GET /api/account/proxies/': {
        body: {
          count: 12,
          next: null,
          previous: null,
          results: [
            proxy(),
            proxy({ id: 5, is_active: true }),
            proxy({ id: 6, start_date: '2999-01-01', end_date: '2999-02-01' }),
          ],
        },
      },
    });
    renderWithRouter(<ProxyListRoute />, { path: '/proxies' });
    expect(await screen.findAllByTestId('proxy-row')).toHaveLength(3);
    expect(screen.getAllByText('佐藤 花子')).toHaveLength(3);
    expect(screen.getAllByText('2020-01-01 〜 2020-01-31')).toHaveLength(2);
    const statuses = screen.getAllByTestId('proxy-status').map((el) => el.getAttribute('data-status'));
    expect(statuses).toEqual(['ended', 'active', 'upcoming']);
    await userEvent.click(screen.getByRole('button', { name: '2 ページ' }));
    await waitFor(() => expect(requests.at(-1)?.query.get('page')).toBe('2'));
  });

  it('says when there is none', async () => {
    mockFetch({
      'GET /api/account/proxies/': { body: { count: 0, next: null, previous: null, results: [] } },
    });
    renderWithRouter(<ProxyListRoute />, { path: '/proxies' });
    expect(await screen.findByText(EMPTY_PROXIES)).toBeInTheDocument();
  });
});

describe('proxy add', () => {
  it('refuses an end date before the start date, then submits', async () => {
    const { requests } = mockFetch({
      'GET /api/approvers/choice/': { body: APPROVERS },
      'POST /api/account/proxies/': { status: 201, body: proxy() },
    });
    const { router } = renderWithRouter(<ProxyAddRoute />, { path: '/proxies/add' });
    const user = userEvent.setup();
    await screen.findByRole('option', { name: '鈴木 一郎' });
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText(FIELD_MSG.required('代理承認者'))).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText(/代理承認者$|代理承認者（\*）/), '3');
    await user.type(screen.getByLabelText(/開始日/), '2030-05-10');
    await user.type(screen.getByLabelText(/終了日/), '2030-05-01');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText(FIELD_MSG.dateOrder('終了日', '開始日'))).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await user.clear(screen.getByLabelText(/終了日/));
    await user.type(screen.getByLabelText(/終了日/), '2030-05-20');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/proxies'));
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      proxy_id: 3,
      start_date: '2030-05-10',
      end_date: '2030-05-20',
    });
    expect(notify.toastSuccess).toHaveBeenCalledWith('保存しました。');
  });

  it('puts a server error about overlapping periods above the form', async () => {
    mockFetch({
      'GET /api/approvers/choice/': { body: APPROVERS },
      'POST /api/account/proxies/': { status: 400, body: { non_field_errors: ['期間が重複しています。'] } },
    });
    renderWithRouter(<ProxyAddRoute />, { path: '/proxies/add' });
    const user = userEvent.setup();
    await screen.findByRole('option', { name: '鈴木 一郎' });
    await user.selectOptions(screen.getByLabelText(/代理承認者（/), '2');
    await user.type(screen.getByLabelText(/開始日/), '2030-05-10');
    await user.type(screen.getByLabelText(/終了日/), '2030-05-20');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('期間が重複しています。')).toBeInTheDocument();
  });
});

describe('proxy detail', () => {
  it('deletes after confirmation', async () => {
    const { requests } = mockFetch({
      'GET /api/account/proxies/4/': { body: proxy() },
      'GET /api/approvers/choice/': { body: APPROVERS },
      'DELETE /api/account/proxies/4/': { status: 204 },
    });
    const { router } = renderWithRouter(<ProxyDetailRoute />, {
      path: '/proxies/4',
      routePath: '/proxies/:id',
      routes: LIST_ROUTE,
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '削除' }));
    expect(await screen.findByText(CONFIRM.delete)).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/proxies'));
    expect(requests.some((r) => r.method === 'DELETE')).toBe(true);
    expect(notify.toastSuccess).toHaveBeenCalledWith('削除しました。');
  });

  it('is read-only for the proxy', async () => {
    mockFetch({
      'GET /api/account/proxies/4/': { body: proxy({ is_mine_as_proxy: true }) },
      'GET /api/approvers/choice/': { body: APPROVERS },
    });
    renderWithRouter(<ProxyDetailRoute />, {
      path: '/proxies/4',
      routePath: '/proxies/:id',
      routes: LIST_ROUTE,
    });
    expect(await screen.findByTestId('proxy-header')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '保存' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '削除' })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/開始日/)).toBeDisabled();
  });
});
