import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { PERM } from '@portal/shared/permissions';
import { useSessionStore } from '@/stores/session-store.ts';
import { mockFetch } from '@/testing/fetch-mock.ts';
import { userState } from '@/testing/fixtures.ts';
import { renderWithRouter } from '@/testing/render.tsx';
import { Sidebar } from './sidebar.tsx';

beforeEach(() => {
  mockFetch({ 'GET /api/account/statistics/': { body: { unresolved_tasks: 3, approval_tasks: 12 } } });
});

describe('Sidebar', () => {
  it('links the task lists with their badges and marks the current page', async () => {
    useSessionStore.getState().setUser(userState());
    renderWithRouter(<Sidebar />, { path: '/task/tasks/approval/1/nodes/2' });
    const sidebar = screen.getByTestId('sidebar');
    const approval = within(sidebar).getByRole('link', { name: /承認待ち/ });
    expect(approval).toHaveAttribute('href', '/task/tasks/approval');
    await waitFor(() => expect(approval).toHaveTextContent('12'));
    expect(within(sidebar).getByRole('link', { name: /申請中/ })).toHaveTextContent('3');
    expect(approval.querySelector('li')).toHaveClass('semi-navigation-item-selected');
    expect(within(sidebar).queryByText('ワークフロー管理')).not.toBeInTheDocument();
    expect(within(sidebar).queryByText('経費・給与')).not.toBeInTheDocument();
    expect(within(sidebar).queryByText('設定')).not.toBeInTheDocument();
    expect(within(sidebar).queryByText('勤怠一覧')).not.toBeInTheDocument();
  });

  it('shows the gated groups, attendance list and settings to a user who may see them', () => {
    useSessionStore.getState().setUser(
      userState({
        perms: [PERM.viewWorkflow, PERM.viewUploadHistory, PERM.viewAttendanceOrgOnly],
        is_staff: true,
      }),
    );
    renderWithRouter(<Sidebar />, { path: '/home' });
    const sidebar = screen.getByTestId('sidebar');
    expect(within(sidebar).getByText('ワークフロー管理')).toBeInTheDocument();
    expect(within(sidebar).getByText('経費・給与')).toBeInTheDocument();
    expect(within(sidebar).getByRole('link', { name: /勤怠一覧/ })).toHaveAttribute(
      'href',
      '/employee/attendance/0',
    );
    expect(within(sidebar).getByRole('link', { name: /設定/ })).toHaveAttribute('href', '/admin/');
  });
});
