// Issue 13 (HR-only fields) in the console: a person's detail shows the residence status and card
// expiry, and a holder of employee.change_employee changes them with the API's field errors placed
// under the inputs.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TAdminPerson } from '@portal/shared/contracts/admin';
import { admin } from '@portal/shared/endpoints/admin';
import { PERM } from '@portal/shared/permissions';
import { useSessionStore } from '@/stores/session-store.ts';
import { mockFetch, reply } from '@/testing/fetch-mock.ts';
import { userState } from '@/testing/fixtures.ts';
import { renderWithRouter } from '@/testing/render.tsx';
import AdminConsole from './admin-console.tsx';

const notify = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));
vi.mock('@/lib/notify.ts', () => notify);

const MORI: TAdminPerson = {
  id: 5,
  code: 'E0005',
  name: '森 さくら',
  kana: 'モリ サクラ',
  username: 'mori',
  user_id: 7,
  is_active: true,
  organization: '開発一課',
  title: '一般',
  last_name: '森',
  first_name: 'さくら',
  last_name_kana: 'モリ',
  first_name_kana: 'サクラ',
  email: 'mori@example.com',
  must_change_password: false,
  is_staff: false,
  is_superuser: false,
  lark_bound: false,
  contracts: [],
  positions: [],
  pending_approvals: [],
  residence: '03',
  residence_expiry: '2026-12-31',
  left_on: null,
  open_requests: [],
  legal_hold: null,
  paid_leave_decisions: [],
  allowed: { account: true },
};

afterEach(() => useSessionStore.getState().clear());

describe('the residence status of a person', () => {
  it('is shown, and changed by HR with the server errors under the inputs', async () => {
    let attempts = 0;
    const { requests } = mockFetch({
      ...reply(admin.person, { id: 5 }, { body: MORI }),
      ...reply(admin.organizations, {}, { body: [] }),
      ...reply(admin.setResidence, { id: 5 }, () =>
        ++attempts === 1
          ? { status: 400, body: { residence_expiry: ['日本籍 の場合、在留期限 は空にしてください。'] } }
          : { body: { ...MORI, residence: '90', residence_expiry: null } },
      ),
    });
    useSessionStore
      .getState()
      .setUser(userState({ is_staff: true, perms: [PERM.viewEmployee, PERM.changeEmployee] }));
    renderWithRouter(<AdminConsole />, { path: '/admin/people/5', routePath: '/admin/*' });
    expect(await screen.findByText('技術・人文知識・国際業務（期限 2026-12-31）')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '在留資格を変更' }));
    const form = await screen.findByRole('form', { name: '在留資格を変更' });
    expect(within(form).getByLabelText(/在留期限/)).toHaveValue('2026-12-31');
    await user.click(within(form).getByRole('button', { name: '在留資格を変更' }));
    expect(await within(form).findByText('日本籍 の場合、在留期限 は空にしてください。')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: '在留資格を変更' }));
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(2));
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      residence: '03',
      residence_expiry: '2026-12-31',
    });
  });

  it('offers no change to staff who may only view people', async () => {
    mockFetch({ ...reply(admin.person, { id: 5 }, { body: MORI }) });
    useSessionStore.getState().setUser(userState({ is_staff: true, perms: [PERM.viewEmployee] }));
    renderWithRouter(<AdminConsole />, { path: '/admin/people/5', routePath: '/admin/*' });
    expect(await screen.findByText(/技術・人文知識・国際業務/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '在留資格を変更' })).not.toBeInTheDocument();
  });
});
