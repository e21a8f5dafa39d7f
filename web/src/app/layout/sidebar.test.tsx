import { queues } from '@portal/shared/endpoints/queues';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PERM } from '@portal/shared/permissions';
import { useSessionStore } from '@/stores/session-store.ts';
import { mockFetch, reply } from '@/testing/fetch-mock.ts';
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
    expect(approval).toHaveAttribute('aria-current', 'page');
    // A navigation landmark over a list of links; its groups are disclosure buttons over sub-lists.
    expect(screen.getByRole('navigation', { name: 'メインメニュー' })).toBe(sidebar);
    expect(approval.closest('li')?.parentElement?.tagName).toBe('UL');
    const group = within(sidebar).getByRole('button', { name: '申請・承認' });
    expect(group).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(group);
    expect(group).toHaveAttribute('aria-expanded', 'false');
    expect(within(sidebar).queryByRole('link', { name: /承認待ち/ })).not.toBeInTheDocument();
    expect(within(sidebar).queryByText('ワークフロー管理')).not.toBeInTheDocument();
    expect(within(sidebar).queryByText('経費・給与')).not.toBeInTheDocument();
    expect(within(sidebar).queryByText('設定')).not.toBeInTheDocument();
    expect(within(sidebar).queryByText('勤怠一覧')).not.toBeInTheDocument();
    expect(within(sidebar).queryByText('ジョブキュー')).not.toBeInTheDocument();
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

  describe('the queue dashboard entry (staff and superusers)', () => {
    /** A stand-in for the tab window.open gives. */
    function fakeTab() {
      const tab = { opener: {} as unknown, closed: false, location: { href: '' }, close: vi.fn() };
      const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
      return { tab, open };
    }

    afterEach(() => vi.restoreAllMocks());

    it('opens a tab at the click, sets the board session, then shows the board in it', async () => {
      const { requests } = mockFetch({
        'GET /api/account/statistics/': { body: { unresolved_tasks: 0, approval_tasks: 0 } },
        ...reply(queues.session, {}, { body: { url: '/api/admin/queues/' } }),
      });
      const { tab, open } = fakeTab();
      useSessionStore.getState().setUser(userState({ is_superuser: true }));
      renderWithRouter(<Sidebar />, { path: '/home' });
      const link = within(screen.getByTestId('sidebar')).getByRole('link', { name: /ジョブキュー/ });
      expect(link).toHaveAttribute('href', '/api/admin/queues/');
      expect(link).toHaveAttribute('target', '_blank');

      await userEvent.click(link);
      expect(open).toHaveBeenCalledWith('', '_blank');
      await waitFor(() => expect(tab.location.href).toBe('/api/admin/queues/'));
      expect(tab.opener).toBeNull();
      expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
        '/api/admin/queues/session/',
      ]);
    });

    it('closes the tab again when the API refuses the session', async () => {
      mockFetch({
        'GET /api/account/statistics/': { body: { unresolved_tasks: 0, approval_tasks: 0 } },
        ...reply(
          queues.session,
          {},
          {
            status: 403,
            body: { detail: 'この操作を実行する権限がありません。' },
          },
        ),
      });
      const { tab } = fakeTab();
      useSessionStore.getState().setUser(userState({ is_staff: true }));
      renderWithRouter(<Sidebar />, { path: '/home' });
      await userEvent.click(
        within(screen.getByTestId('sidebar')).getByRole('link', { name: /ジョブキュー/ }),
      );
      await waitFor(() => expect(tab.close).toHaveBeenCalled());
      expect(tab.location.href).toBe('');
    });
  });
});
