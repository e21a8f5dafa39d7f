// Issue 32: the console offers no action the account rule refuses. The person's detail says what the
// caller may do (`allowed`, from the API's account-guard.ts): without `account`, no deactivation,
// password reset or Lark unbinding; without organization.change_organization, no 組織の長 checkbox.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { TAdminPerson } from '@portal/shared/contracts/admin';
import { admin } from '@portal/shared/endpoints/admin';
import { PERM } from '@portal/shared/permissions';
import { useSessionStore } from '@/stores/session-store.ts';
import { mockFetch, reply } from '@/testing/fetch-mock.ts';
import { userState } from '@/testing/fixtures.ts';
import { renderWithRouter } from '@/testing/render.tsx';
import AdminConsole from './admin-console.tsx';

const ADMINISTRATOR: TAdminPerson = {
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
  is_staff: true,
  is_superuser: false,
  lark_bound: true,
  contracts: [],
  positions: [],
  pending_approvals: [],
  residence: '90',
  residence_expiry: null,
  left_on: null,
  open_requests: [],
  legal_hold: null,
  paid_leave_decisions: [],
  allowed: { account: false },
};

const HR_PERMS = [PERM.viewEmployee, PERM.changeEmployee, PERM.changeUser];
const ACCOUNT_ACTIONS = ['無効化', 'パスワード再設定', 'Lark 連携を解除'];

afterEach(() => useSessionStore.getState().clear());

function open(person: TAdminPerson, perms: (typeof PERM)[keyof typeof PERM][]) {
  mockFetch({
    ...reply(admin.person, { id: 5 }, { body: person }),
    ...reply(admin.organizations, {}, { body: [] }),
  });
  useSessionStore.getState().setUser(userState({ is_staff: true, perms }));
  renderWithRouter(<AdminConsole />, { path: '/admin/people/5', routePath: '/admin/*' });
}

describe('a person whose account the caller may not change', () => {
  it('offers no account action, and the position form no 組織の長 checkbox', async () => {
    open(ADMINISTRATOR, HR_PERMS);
    const add = await screen.findByRole('button', { name: '所属を追加' });
    for (const name of ACCOUNT_ACTIONS) expect(screen.queryByRole('button', { name })).toBeNull();
    await userEvent.setup().click(add);
    const form = await screen.findByRole('form', { name: '所属を追加' });
    expect(within(form).getByLabelText('兼務')).toBeInTheDocument();
    expect(within(form).queryByLabelText('この組織の長にする')).toBeNull();
  });
});

describe('a person whose account the caller may change', () => {
  it('offers the account actions, and 組織の長 to a holder of organization.change_organization', async () => {
    open({ ...ADMINISTRATOR, allowed: { account: true } }, [...HR_PERMS, PERM.changeOrganization]);
    const add = await screen.findByRole('button', { name: '所属を追加' });
    for (const name of ACCOUNT_ACTIONS) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    await userEvent.setup().click(add);
    const form = await screen.findByRole('form', { name: '所属を追加' });
    expect(within(form).getByLabelText('この組織の長にする')).toBeInTheDocument();
  });
});

// Issue 28 (b): the screen shows only what the server allows, as the person's answer says it.
const POSITIONS: TAdminPerson['positions'] = [
  {
    id: 11,
    organization_id: 4,
    organization: '開発一課',
    title: '課長',
    is_part_time: false,
    is_head: true,
    can_remove: false,
  },
  {
    id: 12,
    organization_id: 6,
    organization: '営業課',
    title: '兼務',
    is_part_time: true,
    is_head: false,
    can_remove: true,
  },
];

describe('the positions the caller may remove', () => {
  it('offers only the removable ones, and no removal where none is', async () => {
    open({ ...ADMINISTRATOR, positions: POSITIONS }, HR_PERMS);
    await userEvent.setup().click(await screen.findByRole('button', { name: '所属を削除' }));
    const form = await screen.findByRole('form', { name: '所属を削除' });
    const choices = within(form).getByLabelText(/削除する所属/);
    const offered = within(choices)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(offered.some((text) => text?.includes('営業課'))).toBe(true);
    expect(offered.some((text) => text?.includes('開発一課'))).toBe(false);
  });

  it('offers no removal of a head position the caller may not unmake', async () => {
    open({ ...ADMINISTRATOR, positions: [POSITIONS[0]!, { ...POSITIONS[1]!, can_remove: false }] }, HR_PERMS);
    await screen.findByRole('button', { name: '所属を追加' });
    expect(screen.queryByRole('button', { name: '所属を削除' })).toBeNull();
  });
});

describe('the edit form', () => {
  const editPath = '/admin/people/5/edit';
  const openEdit = (person: TAdminPerson) => {
    mockFetch({
      ...reply(admin.person, { id: 5 }, { body: person }),
      ...reply(admin.organizations, {}, { body: [] }),
    });
    useSessionStore.getState().setUser(userState({ is_staff: true, perms: HR_PERMS }));
    renderWithRouter(<AdminConsole />, { path: editPath, routePath: '/admin/*' });
  };

  it('leaves out the sign-in keys of a person whose account the caller may not change', async () => {
    openEdit(ADMINISTRATOR);
    const form = await screen.findByRole('form', { name: '社員情報を変更' });
    expect(within(form).getByLabelText(/^名（カナ）/)).toBeInTheDocument();
    expect(within(form).queryByLabelText(/社員番号/)).toBeNull();
    expect(within(form).queryByLabelText(/メールアドレス/)).toBeNull();
  });

  it('shows them where the caller may', async () => {
    openEdit({ ...ADMINISTRATOR, allowed: { account: true } });
    const form = await screen.findByRole('form', { name: '社員情報を変更' });
    expect(within(form).getByLabelText(/社員番号/)).toBeInTheDocument();
    expect(within(form).getByLabelText(/メールアドレス/)).toBeInTheDocument();
  });
});
