// Issue 34 in the console: アクセス記録 (filters in the URL, the summary, CSV), the leaver dialog
// (退職日, the open requests listed, 取消 with a reason) and the legal hold (法的保全).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TAccessLogPage } from '@portal/shared/contracts/access-log';
import type { TAdminDeactivation, TAdminPerson } from '@portal/shared/contracts/admin';
import { admin } from '@portal/shared/endpoints/admin';
import { PERM } from '@portal/shared/permissions';
import { useSessionStore } from '@/stores/session-store.ts';
import { mockFetch, reply } from '@/testing/fetch-mock.ts';
import { userState } from '@/testing/fixtures.ts';
import { renderWithRouter } from '@/testing/render.tsx';
import AdminConsole from './admin-console.tsx';

const notify = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));
vi.mock('@/lib/notify.ts', () => notify);
const files = vi.hoisted(() => ({ saveFile: vi.fn(), openFileWindow: vi.fn() }));
vi.mock('@/lib/save-file.ts', () => files);

const PAGE: TAccessLogPage = {
  count: 2,
  next: null,
  previous: null,
  results: [
    {
      id: 2,
      at: '2026-11-20T01:00:00.000Z',
      actor_id: 3,
      actor_name: 'hr',
      action: 'export',
      kind: 'attendance_workbook',
      record_id: '2026-10',
      subjects: [
        { id: 7, name: '山田 太郎' },
        { id: 8, name: '鈴木 花子' },
      ],
      request_id: 'r-2',
      address: '10.0.0.2',
    },
    {
      id: 1,
      at: '2026-11-19T01:00:00.000Z',
      actor_id: 3,
      actor_name: 'hr',
      action: 'view',
      kind: 'bank_account',
      record_id: '4',
      subjects: [{ id: 7, name: '山田 太郎' }],
      request_id: 'r-1',
      address: '10.0.0.2',
    },
  ],
  summary: {
    distinct_subjects: 2,
    rows: 2,
    actors: [{ actor_id: 3, actor_name: 'hr', reads: 2, subjects: 2 }],
  },
};

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
  residence: '01',
  residence_expiry: null,
  left_on: null,
  open_requests: [{ task_id: 41, title: '休暇申請', status: '01', created_at: '2026-11-02T00:00:00.000Z' }],
  legal_hold: null,
  paid_leave_decisions: [],
  allowed: { account: true },
};

beforeEach(() => vi.clearAllMocks());
afterEach(() => useSessionStore.getState().clear());

describe('アクセス記録', () => {
  it('lists who read whose records with the summary, filters through the URL and exports the CSV', async () => {
    const { requests } = mockFetch({
      ...reply(admin.accessLog, {}, { body: PAGE }),
      ...reply(admin.accessLogCsv, {}, { body: 'csv' }),
    });
    useSessionStore.getState().setUser(userState({ is_staff: true, perms: [PERM.viewLogEntry] }));
    renderWithRouter(<AdminConsole />, {
      path: '/admin/access-log?kind=bank_account',
      routePath: '/admin/*',
    });

    const summary = await screen.findByTestId('access-summary');
    expect(summary).toHaveTextContent('2 件の記録、記録を読まれた人は 2 人です。');
    expect(within(summary).getByRole('row', { name: 'hr 2 2' })).toBeInTheDocument();
    expect(screen.getAllByText('勤怠一覧(部署)（2026-10）').length).toBeGreaterThan(0);
    expect(requests.find((r) => r.path === '/api/admin/access-log/')?.query.get('kind')).toBe('bank_account');

    const user = userEvent.setup();
    const form = screen.getByRole('search', { name: 'アクセス記録の絞り込み' });
    expect(within(form).getByLabelText('記録の種類')).toHaveValue('bank_account');
    await user.type(within(form).getByLabelText('対象者（社員 ID）'), '7');
    await user.click(within(form).getByRole('button', { name: '絞り込む' }));
    await waitFor(() =>
      expect(
        requests
          .filter((r) => r.path === '/api/admin/access-log/')
          .at(-1)
          ?.query.get('subject'),
      ).toBe('7'),
    );

    await user.click(screen.getByRole('button', { name: 'CSV 出力' }));
    await waitFor(() => expect(files.saveFile).toHaveBeenCalledTimes(1));
    const csv = requests.find((r) => r.path === '/api/admin/access-log/csv/');
    expect(Object.fromEntries(csv!.query)).toMatchObject({ kind: 'bank_account', subject: '7' });
  });

  it('is refused to staff without the log permission, and asks nothing of the API', async () => {
    const { requests } = mockFetch({ ...reply(admin.accessLog, {}, { body: PAGE }) });
    useSessionStore.getState().setUser(userState({ is_staff: true, perms: [PERM.viewEmployee] }));
    renderWithRouter(<AdminConsole />, { path: '/admin/access-log', routePath: '/admin/*' });
    expect(await screen.findByText('この画面を表示する権限がありません。')).toBeInTheDocument();
    expect(requests.some((r) => r.path === '/api/admin/access-log/')).toBe(false);
  });
});

describe('the leaver dialog', () => {
  it('lists the open requests and cancels them with the reason on the 退職日 chosen', async () => {
    const answer: TAdminDeactivation = {
      person: { ...MORI, is_active: false, left_on: '2026-11-30', open_requests: [] },
      revoked_sessions: 1,
      pending_approvals: [],
      cancelled_requests: [41],
      moved_steps: [{ task_id: 40, task_node_id: 90, to_user_id: 2 }],
      ended_proxies: 1,
      recall_assets: [],
    };
    const { requests } = mockFetch({
      ...reply(admin.person, { id: 5 }, { body: MORI }),
      ...reply(admin.deactivatePerson, { id: 5 }, (r) =>
        (r.body as { reason?: string }).reason
          ? { body: answer }
          : { status: 400, body: { reason: ['取消理由 は必須項目です。'] } },
      ),
    });
    useSessionStore
      .getState()
      .setUser(userState({ is_staff: true, perms: [PERM.viewEmployee, PERM.changeUser] }));
    renderWithRouter(<AdminConsole />, { path: '/admin/people/5', routePath: '/admin/*' });

    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '無効化' }));
    const form = await screen.findByRole('form', { name: '無効化' });
    const open = screen.getByRole('region', { name: 'この人の申請中の申請' });
    expect(open).toHaveTextContent('休暇申請（申請中');
    await user.clear(within(form).getByLabelText(/退職日/));
    await user.type(within(form).getByLabelText(/退職日/), '2026-11-30');
    await user.selectOptions(within(form).getByLabelText(/この人の申請中の申請/), 'cancel');
    await user.click(within(form).getByRole('button', { name: '無効化' }));
    expect(await within(form).findByText('取消理由 は必須項目です。')).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/取消理由/), '退職のため');
    await user.click(within(form).getByRole('button', { name: '無効化' }));

    expect(await screen.findByTestId('action-outcome')).toHaveTextContent(
      '取り消した申請: 1 件、上位へ移した承認: 1 件、終了した代理承認: 1 件',
    );
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts.at(-1)?.body).toEqual({
      confirm: true,
      left_on: '2026-11-30',
      open_requests: 'cancel',
      reason: '退職のため',
    });
  });
});

describe('the legal hold', () => {
  it('is set with a reason, shown on the person, and released', async () => {
    let held = false;
    const hold = { reason: '労働審判', created_at: '2026-11-20T01:00:00.000Z', created_by: 'hr' };
    const { requests } = mockFetch({
      ...reply(admin.person, { id: 5 }, () => ({ body: { ...MORI, legal_hold: held ? hold : null } })),
      ...reply(admin.setPersonHold, { id: 5 }, () => {
        held = true;
        return { body: { hold } };
      }),
      ...reply(admin.releasePersonHold, { id: 5 }, () => {
        held = false;
        return { body: { hold: null } };
      }),
    });
    useSessionStore
      .getState()
      .setUser(userState({ is_staff: true, perms: [PERM.viewEmployee, PERM.changeEmployee] }));
    renderWithRouter(<AdminConsole />, { path: '/admin/people/5', routePath: '/admin/*' });

    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '法的保全を設定' }));
    const form = await screen.findByRole('form', { name: '法的保全を設定' });
    await user.type(within(form).getByLabelText(/保全理由/), '労働審判');
    await user.click(within(form).getByRole('button', { name: '法的保全を設定' }));
    expect(await screen.findByText(/設定中（理由: 労働審判、hr、/)).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ reason: '労働審判' });

    await user.click(screen.getByRole('button', { name: '法的保全を解除' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: '法的保全を解除' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'DELETE')).toBe(true));
    expect(await screen.findByRole('button', { name: '法的保全を設定' })).toBeInTheDocument();
  });
});
