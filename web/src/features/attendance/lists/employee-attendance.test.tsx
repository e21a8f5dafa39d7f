import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TAttendanceEmployeeListItem } from '@portal/shared/contracts/attendance';
import { attendance } from '@portal/shared/endpoints/attendance';
import { mockFetch, reply } from '@/testing/fetch-mock.ts';
import { page } from '@/testing/fixtures.ts';
import { renderWithRouter } from '@/testing/render.tsx';
import EmployeeAttendanceRoute from '../routes/employee-attendance.tsx';
import { EMPTY_EMPLOYEES } from './employee-attendance-list.tsx';

function item(overrides: Partial<TAttendanceEmployeeListItem> = {}): TAttendanceEmployeeListItem {
  return {
    employee_id: 21,
    employee_code: 'E0021',
    employee_name: '加藤 美咲',
    org_name: '営業一課',
    status: '90',
    status_name: '完了',
    task_id: 55,
    submitted_at: '2025-05-01T09:00:00+09:00',
    total_work_time: 10_080,
    over_time: 600,
    ...overrides,
  };
}

const ORGS = [
  { id: 1, name: '事業本部', parent_id: null, level: '16', head_name: null },
  { id: 5, name: '営業部', parent_id: 1, level: '12', head_name: null },
  { id: 9, name: '営業一課', parent_id: 5, level: '10', head_name: null },
];

const ROUTE = { routePath: '/employee/attendance/:id' };

afterEach(() => vi.unstubAllGlobals());

function phone(matches: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

describe('attendance list /employee/attendance/{organisation}', () => {
  it('asks for the month in the URL and shows each employee with status, figures and a link to the report', async () => {
    const { requests } = mockFetch({
      ...reply(
        attendance.employees,
        {},
        {
          body: page([
            item(),
            item({
              employee_id: 22,
              employee_code: 'E0022',
              employee_name: '木村 翔',
              status: 'none',
              status_name: '未入力',
              task_id: null,
              submitted_at: null,
              total_work_time: null,
              over_time: null,
            }),
          ]),
        },
      ),
      'GET /api/organizations/': { body: ORGS },
    });
    renderWithRouter(<EmployeeAttendanceRoute />, { path: '/employee/attendance/0?month=2025-04', ...ROUTE });
    const rows = await screen.findAllByTestId('attendance-row');
    expect(rows).toHaveLength(2);
    const query = requests.find((r) => r.path === '/api/attendance/employees/')!.query;
    expect([query.get('year'), query.get('month'), query.get('page'), query.get('organization')]).toEqual([
      '2025',
      '4',
      '1',
      null,
    ]);
    expect(within(rows[0]!).getByTestId('attendance-status')).toHaveAttribute('data-status', '90');
    expect(rows[0]).toHaveTextContent('168:00');
    expect(within(rows[0]!).getByRole('link', { name: '加藤 美咲 の勤怠を表示' })).toHaveAttribute(
      'href',
      '/attendance/tasks/details/55',
    );
    expect(within(rows[1]!).getByTestId('attendance-status')).toHaveTextContent('未入力');
    expect(within(rows[1]!).queryByRole('link')).not.toBeInTheDocument();
  });

  it('filters by organisation (path), month and search, back on page 1', async () => {
    const { requests } = mockFetch({
      ...reply(attendance.employees, {}, { body: { ...page([item()]), count: 25 } }),
      'GET /api/organizations/': { body: ORGS },
    });
    const { router } = renderWithRouter(<EmployeeAttendanceRoute />, {
      path: '/employee/attendance/0?month=2025-04&page=2',
      ...ROUTE,
    });
    await screen.findAllByTestId('attendance-row');
    const select = screen.getByRole('combobox', { name: '組織' });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(4));
    await userEvent.selectOptions(select, '9');
    expect(router.state.location.pathname).toBe('/employee/attendance/9');
    expect(router.state.location.search).toBe('?month=2025-04');
    await waitFor(() => expect(requests.at(-1)?.query.get('organization')).toBe('9'));

    await userEvent.type(screen.getByRole('searchbox', { name: '社員番号・氏名' }), '加藤');
    await userEvent.click(screen.getByRole('button', { name: '検索' }));
    await waitFor(() => expect(requests.at(-1)?.query.get('query')).toBe('加藤'));

    await userEvent.click(screen.getByRole('button', { name: '2 ページ' }));
    await waitFor(() => expect(requests.at(-1)?.query.get('page')).toBe('2'));
    expect(router.state.location.search).toContain('page=2');
  });

  it('shows cards on a phone', async () => {
    phone(true);
    mockFetch({
      ...reply(attendance.employees, {}, { body: page([item()]) }),
      'GET /api/organizations/': { body: ORGS },
    });
    renderWithRouter(<EmployeeAttendanceRoute />, { path: '/employee/attendance/0', ...ROUTE });
    const [card] = await screen.findAllByTestId('attendance-row');
    expect(card?.tagName).toBe('LI');
    expect(card).toHaveTextContent('総労働 168:00・残業 10:00');
  });

  it('says when nobody matches, and shows the refusal of someone without the permission', async () => {
    mockFetch({
      ...reply(attendance.employees, {}, { body: page([]) }),
      'GET /api/organizations/': { body: ORGS },
    });
    const { unmount } = renderWithRouter(<EmployeeAttendanceRoute />, {
      path: '/employee/attendance/0',
      ...ROUTE,
    });
    expect(await screen.findByText(EMPTY_EMPLOYEES)).toBeInTheDocument();
    unmount();

    mockFetch({
      ...reply(
        attendance.employees,
        {},
        {
          status: 403,
          body: { detail: 'この操作を実行する権限がありません。' },
        },
      ),
      'GET /api/organizations/': { body: ORGS },
    });
    renderWithRouter(<EmployeeAttendanceRoute />, { path: '/employee/attendance/0', ...ROUTE });
    expect(await screen.findByRole('alert')).toHaveTextContent('この操作を実行する権限がありません。');
  });
});
