import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAdminOrganization, TAdminOrganizationDetail } from '@portal/shared/contracts/admin';
import { admin } from '@portal/shared/endpoints/admin';
import { PERM } from '@portal/shared/permissions';
import { useSessionStore } from '@/stores/session-store.ts';
import { mockFetch, reply } from '@/testing/fetch-mock.ts';
import { userState } from '@/testing/fixtures.ts';
import { renderWithRouter } from '@/testing/render.tsx';
import { HEAD_CHANGE_NOTICE } from '../resources/organizations.tsx';
import AdminConsole, { STAFF_ONLY } from './admin-console.tsx';
import { NOT_ALLOWED } from '../components/resource-screens.tsx';

const notify = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));
vi.mock('@/lib/notify.ts', () => notify);

function org(overrides: Partial<TAdminOrganization>): TAdminOrganization {
  return {
    id: 1,
    name: '事業本部',
    level: '16',
    parent_id: null,
    head_employee_id: 1,
    head_name: '伊藤 誠',
    member_count: 1,
    child_count: 1,
    ...overrides,
  };
}

const ORGS = [
  org({}),
  org({
    id: 4,
    name: '開発一課',
    level: '10',
    parent_id: 3,
    head_name: '鈴木 一郎',
    member_count: 7,
    child_count: 0,
  }),
  org({ id: 3, name: '開発部', level: '12', parent_id: 2, head_name: '佐藤 浩二' }),
  org({ id: 2, name: 'システム事業部', level: '14', parent_id: 1, head_name: '高橋 健一' }),
];

const DEV1: TAdminOrganizationDetail = {
  ...ORGS[1]!,
  head_employee_id: 2,
  members: [
    { employee_id: 2, name: '鈴木 一郎', title: '課長', is_part_time: false },
    { employee_id: 5, name: '森 さくら', title: '一般', is_part_time: false },
  ],
};

function renderConsole(path: string) {
  return renderWithRouter(<AdminConsole />, { path, routePath: '/admin/*' });
}

beforeEach(() => {
  notify.toastSuccess.mockReset();
  notify.toastError.mockReset();
});
afterEach(() => useSessionStore.getState().clear());

describe('the console gate', () => {
  it('refuses a user without is_staff and calls nothing', async () => {
    const { requests } = mockFetch({});
    useSessionStore.getState().setUser(userState({ perms: [PERM.viewEmployee] }));
    renderConsole('/admin/people');
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_ALLOWED);
    expect(requests).toHaveLength(0);
    expect(STAFF_ONLY).toMatch(/スタッフ/);
  });

  it('shows hr (staff with HR permissions) only the resources they may view, and refuses the permissions screens', async () => {
    const { requests } = mockFetch({});
    useSessionStore
      .getState()
      .setUser(
        userState({ is_staff: true, perms: [PERM.viewEmployee, PERM.viewOrganization, PERM.addEmployee] }),
      );
    renderConsole('/admin/groups');
    const menu = screen.getByRole('navigation', { name: '管理メニュー' });
    expect(within(menu).getByRole('link', { name: '社員' })).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: '組織' })).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'グループ' })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: '権限一覧' })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: '操作履歴' })).not.toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_ALLOWED);
    expect(requests.filter((r) => r.path.startsWith('/api/admin/groups'))).toHaveLength(0);
  });
});

describe('a declared resource', () => {
  beforeEach(() => useSessionStore.getState().setUser(userState({ is_staff: true, is_superuser: true })));

  it('lists its rows from the declaration, in tree order, with the create link', async () => {
    mockFetch({ ...reply(admin.organizations, {}, { body: ORGS }) });
    renderConsole('/admin/organizations');
    const rows = await screen.findAllByTestId('admin-organizations-row');
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual([
      '事業本部',
      '事業本部 > システム事業部',
      '事業本部 > システム事業部 > 開発部',
      '事業本部 > システム事業部 > 開発部 > 開発一課',
    ]);
    expect(screen.getByRole('link', { name: '組織を追加' })).toHaveAttribute(
      'href',
      '/admin/organizations/new',
    );
  });

  it('checks the declared fields, places the server errors, and opens the record saved', async () => {
    let attempts = 0;
    const { requests } = mockFetch({
      ...reply(admin.organizations, {}, { body: ORGS }),
      ...reply(admin.createOrganization, {}, () =>
        ++attempts === 1
          ? { status: 400, body: { parent_id: ['上位組織は この組織より上の階層でなければなりません。'] } }
          : { status: 201, body: org({ id: 9, name: '開発三課', level: '10', parent_id: 3 }) },
      ),
      ...reply(admin.organization, { id: 9 }, { body: { ...DEV1, id: 9, name: '開発三課', members: [] } }),
    });
    const { router } = renderConsole('/admin/organizations/new');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '保存' }));
    expect(await screen.findByText('名称 は必須項目です。')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.type(screen.getByLabelText(/名称/), '開発三課');
    await waitFor(() => expect(screen.getAllByRole('option', { name: /開発部/ }).length).toBeGreaterThan(0));
    await user.selectOptions(screen.getByLabelText('上位組織'), '3');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(
      await screen.findByText('上位組織は この組織より上の階層でなければなりません。'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('上位組織')).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/organizations/9'));
    expect(requests.filter((r) => r.method === 'POST').at(-1)?.body).toEqual({
      name: '開発三課',
      level: '10',
      parent_id: 3,
    });
  }, 30_000);

  it('runs a declared action after saying what it will do, and reports what it did', async () => {
    const { requests } = mockFetch({
      ...reply(admin.organization, { id: 4 }, { body: DEV1 }),
      ...reply(
        admin.setOrganizationHead,
        { id: 4 },
        {
          body: {
            organization: { ...DEV1, head_name: '森 さくら' },
            rerouted_requests: 0,
            open_requests_kept: 2,
          },
        },
      ),
    });
    renderConsole('/admin/organizations/4');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: '開発一課' })).toBeInTheDocument();
    // Not empty: no close button.
    expect(screen.queryByRole('button', { name: '廃止' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '組織の長を変更' }));
    expect(screen.getByText(HEAD_CHANGE_NOTICE)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('組織の長'), '5');
    const form = screen.getByRole('form', { name: '組織の長を変更' });
    await user.click(within(form).getByRole('button', { name: '組織の長を変更' }));
    expect(await screen.findByText('再ルーティングされた申請: 0 件')).toBeInTheDocument();
    expect(screen.getByText('前の長の承認待ちのまま残る申請: 2 件')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ head_employee_id: 5 });
  });

  it('places a nested server error (contract.end_date) under its field', async () => {
    mockFetch({
      ...reply(admin.organizations, {}, { body: ORGS }),
      ...reply(
        admin.createPerson,
        {},
        {
          status: 400,
          body: { 'contract.end_date': ['契約終了日 は 契約開始日 以降の日付にしてください。'] },
        },
      ),
    });
    renderConsole('/admin/people/new');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/社員番号/), 'N0001');
    await user.type(screen.getByRole('textbox', { name: '姓' }), '新井');
    await user.type(screen.getByRole('textbox', { name: '名' }), '健');
    await user.type(screen.getByLabelText(/ユーザー名/), 'arai');
    await user.type(screen.getByLabelText(/仮パスワード/), 'temporary-1');
    await waitFor(() =>
      expect(screen.getAllByRole('option', { name: /開発一課/ }).length).toBeGreaterThan(0),
    );
    await user.selectOptions(screen.getByLabelText(/所属組織/), '4');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(
      await screen.findByText('契約終了日 は 契約開始日 以降の日付にしてください。'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('契約終了日')).toHaveAttribute('aria-invalid', 'true');
    // Many fields typed: room for a busy machine.
  }, 30_000);
});
