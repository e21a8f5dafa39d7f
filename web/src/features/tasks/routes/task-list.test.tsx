import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TTaskListItem } from '@portal/shared/contracts/tasks';
import { tasks } from '@portal/shared/endpoints/tasks';
import { withPage } from '@/lib/page-param.ts';
import { mockFetch, reply } from '@/testing/fetch-mock.ts';
import { renderWithRouter } from '@/testing/render.tsx';
import { readListQuery, withFilters } from '../lib/list-query.ts';
import TaskListRoute, { EMPTY_LIST } from './task-list.tsx';

function item(overrides: Partial<TTaskListItem> = {}): TTaskListItem {
  return {
    id: 5,
    workflow: 3,
    workflow_name: '休暇申請',
    status: '01',
    status_name: '申請中',
    employee_name: '山田 太郎',
    org_name: '開発課',
    current_node_name: '課長承認',
    created_at: '2025-06-02T10:15:00+09:00',
    updated_at: '2025-06-02T10:15:00+09:00',
    node_id: 9,
    node_name: '課長承認',
    node_at: '2025-06-02T10:15:00+09:00',
    is_proxy: false,
    principal_name: null,
    ...overrides,
  };
}

function mockList(results: TTaskListItem[], count = results.length) {
  return mockFetch({
    ...reply(tasks.list, {}, { body: { count, next: null, previous: null, results } }),
    ...reply(
      tasks.workflows,
      {},
      {
        body: [{ id: 3, name: '休暇申請', category: '勤怠', description: '', kind: 'vacation' }],
      },
    ),
  });
}

function renderList(path: string) {
  return renderWithRouter(<TaskListRoute />, {
    path,
    routePath: '/task/tasks/:filter',
    routes: [{ path: '/task/tasks/:filter/*', element: <p>detail page</p> }],
  });
}

describe('list query in the URL', () => {
  it('reads the filters and page, leaving out what is malformed', () => {
    const params = new URLSearchParams('workflow=3&date_from=2025-06-01&date_to=bad&page=2');
    expect(readListQuery(params, 'finished')).toEqual({
      filter: 'finished',
      page: 2,
      workflow: 3,
      date_from: '2025-06-01',
    });
    expect(readListQuery(new URLSearchParams('page=0&workflow=x'), 'observer')).toEqual({
      filter: 'observer',
      page: 1,
    });
  });

  it('goes back to page 1 when a filter changes and drops empty filters', () => {
    const params = new URLSearchParams('workflow=3&page=4');
    expect(withFilters(params, { date_from: '2025-06-01' }).toString()).toBe(
      'workflow=3&date_from=2025-06-01',
    );
    expect(withFilters(params, { workflow: undefined }).toString()).toBe('');
    expect(withPage(params, 2).toString()).toBe('workflow=3&page=2');
    expect(withPage(params, 1).toString()).toBe('workflow=3');
  });
});

describe('task lists', () => {
  it('asks for the list, filters and page of the URL and shows the rows with their status', async () => {
    const { requests } = mockList([item()], 25);
    renderList('/task/tasks/approval?workflow=3&date_from=2025-06-01&page=2');
    const rows = await screen.findAllByTestId('task-row');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('休暇申請');
    expect(within(rows[0]!).getByText('申請中')).toBeInTheDocument();
    const list = requests.find((r) => r.path === '/api/task/tasks/')!;
    expect(Object.fromEntries(list.query)).toEqual({
      filter: 'approval',
      page: '2',
      workflow: '3',
      date_from: '2025-06-01',
      format: 'json',
    });
  });

  it('opens the awaiting node from the approval list', async () => {
    mockList([item()]);
    const user = userEvent.setup();
    const { router } = renderList('/task/tasks/approval');
    await user.click(await screen.findByTestId('task-row'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/task/tasks/approval/5/nodes/9'));
  });

  it('opens the task from the other lists', async () => {
    mockList([item({ node_id: null })]);
    const user = userEvent.setup();
    const { router } = renderList('/task/tasks/finished');
    await user.click(await screen.findByRole('link', { name: '休暇申請' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/task/tasks/finished/5'));
  });

  it('moves to another page through the URL', async () => {
    const { requests } = mockList([item()], 25);
    const user = userEvent.setup();
    const { router } = renderList('/task/tasks/unresolved?workflow=3');
    await screen.findAllByTestId('task-row');
    await user.click(screen.getByRole('button', { name: '2 ページ' }));
    await waitFor(() => expect(router.state.location.search).toBe('?workflow=3&page=2'));
    await waitFor(() =>
      expect(
        requests
          .filter((r) => r.path === '/api/task/tasks/')
          .at(-1)
          ?.query.get('page'),
      ).toBe('2'),
    );
  });

  it('says so when nothing matches', async () => {
    mockList([]);
    renderList('/task/tasks/observer');
    expect(await screen.findByText(EMPTY_LIST)).toBeInTheDocument();
  });

  it('shows cards instead of the table on a phone', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(max-width: 767px)',
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    mockList([item()]);
    renderList('/task/tasks/approval');
    const list = await screen.findByRole('list', { name: '申請一覧' });
    expect(screen.queryByRole('table')).toBeNull();
    const card = within(list).getByTestId('task-row');
    expect(within(card).getByRole('link')).toHaveAttribute('href', '/task/tasks/approval/5/nodes/9');
    expect(card).toHaveTextContent('ノード：課長承認');
  });
});
