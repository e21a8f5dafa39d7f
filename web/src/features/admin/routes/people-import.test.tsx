// The console's bulk onboarding screen: a file is checked, its preview shows each error at its line
// and column, 取り込む stays disabled while any error remains, and a clean preview is confirmed with
// its token and answered with a summary.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TImportPreview } from '@portal/shared/contracts/admin-import';
import { IMPORT_COLUMNS } from '@portal/shared/contracts/admin-import';
import { PERM } from '@portal/shared/permissions';
import { useSessionStore } from '@/stores/session-store.ts';
import { mockFetch } from '@/testing/fetch-mock.ts';
import { userState } from '@/testing/fixtures.ts';
import { renderWithRouter } from '@/testing/render.tsx';
import AdminConsole from './admin-console.tsx';
import { NOT_ALLOWED } from '../components/resource-screens.tsx';

const notify = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));
vi.mock('@/lib/notify.ts', () => notify);

const COLUMNS = IMPORT_COLUMNS.map((c) => c.label);
const cells = (code: string, over: Record<string, string> = {}) =>
  Object.fromEntries(
    COLUMNS.map((c) => [c, over[c] ?? (c === '社員番号' ? code : `${c}の値`)]),
  ) as TImportPreview['rows'][number]['cells'];

const TOKEN = 'a'.repeat(64);
const WITH_ERRORS: TImportPreview = {
  file_name: 'people.csv',
  token: TOKEN,
  columns: COLUMNS,
  rows: [
    { row: 2, cells: cells('A001') },
    { row: 3, cells: cells('A002', { 入社日: '2026-02-30' }) },
  ],
  errors: [
    { row: 3, column: '入社日', message: '入社日 は YYYY-MM-DD 形式の正しい日付で入力してください。' },
  ],
};
const CLEAN: TImportPreview = { ...WITH_ERRORS, rows: [WITH_ERRORS.rows[0]!], errors: [] };

const renderImport = () =>
  renderWithRouter(<AdminConsole />, { path: '/admin/people/import', routePath: '/admin/*' });

async function chooseAndCheck(user: ReturnType<typeof userEvent.setup>) {
  const file = new File(['社員番号\r\n'], 'people.csv', { type: 'text/csv' });
  await user.upload(screen.getByLabelText('ファイル'), file);
  await user.click(screen.getByRole('button', { name: '内容を確認' }));
}

beforeEach(() =>
  useSessionStore
    .getState()
    .setUser(userState({ is_staff: true, perms: [PERM.viewEmployee, PERM.addEmployee] })),
);
afterEach(() => useSessionStore.getState().clear());

describe('the import screen', () => {
  it('shows each error at its row and column and keeps 取り込む disabled', async () => {
    const { requests } = mockFetch({ 'POST /api/admin/people-import/check/': { body: WITH_ERRORS } });
    const user = userEvent.setup();
    renderImport();
    await chooseAndCheck(user);
    const cell = await screen.findByTestId('import-error-3-入社日');
    expect(cell).toHaveTextContent('2026-02-30');
    expect(cell).toHaveTextContent('入社日 は YYYY-MM-DD 形式');
    expect(
      within(screen.getByRole('list', { name: 'エラーの一覧' })).getByText(/3 行目「入社日」/),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /2 行、エラー 1 件/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '取り込む' })).toBeDisabled();
    const body = requests.find((r) => r.path === '/api/admin/people-import/check/')!.body as Record<
      string,
      string
    >;
    expect(body.file_name).toBe('people.csv');
    expect(body.content).toBeTruthy();
    expect(requests.some((r) => r.path === '/api/admin/people-import/confirm/')).toBe(false);
  });

  it('confirms a clean preview with its token and shows the summary', async () => {
    const { requests } = mockFetch({
      'POST /api/admin/people-import/check/': { body: CLEAN },
      'POST /api/admin/people-import/confirm/': {
        status: 201,
        body: { created: 1, positions: 1, contracts: 1 },
      },
    });
    const user = userEvent.setup();
    renderImport();
    await chooseAndCheck(user);
    // Each step leaves focus on its answer: the preview's heading, then the summary.
    await waitFor(() => expect(screen.getByRole('heading', { name: /1 行、エラー 0 件/ })).toHaveFocus());
    const button = await screen.findByRole('button', { name: '取り込む' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(await screen.findByText(/1 名を登録しました/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('import-result')).toHaveFocus());
    const confirm = requests.find((r) => r.path === '/api/admin/people-import/confirm/')!;
    expect(confirm.body).toMatchObject({ file_name: 'people.csv', token: TOKEN });
  });

  it('shows the API refusal of a bad file in Japanese', async () => {
    mockFetch({
      'POST /api/admin/people-import/check/': {
        status: 400,
        body: { content: ['1 行目の見出しが違います。'] },
      },
    });
    const user = userEvent.setup();
    renderImport();
    await chooseAndCheck(user);
    expect(await screen.findByText(/1 行目の見出しが違います/)).toBeInTheDocument();
    await waitFor(() =>
      expect(document.activeElement as HTMLElement).toContainElement(screen.getByRole('alert')),
    );
    expect(screen.queryByRole('button', { name: '取り込む' })).not.toBeInTheDocument();
  });

  it('is refused to staff without employee.add_employee', async () => {
    const { requests } = mockFetch({});
    useSessionStore.getState().setUser(userState({ is_staff: true, perms: [PERM.viewEmployee] }));
    renderImport();
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_ALLOWED);
    expect(requests.filter((r) => r.path.startsWith('/api/admin/people-import'))).toHaveLength(0);
  });

  it('is offered from the people list, next to its CSV 出力', async () => {
    mockFetch({
      'GET /api/admin/people/': { body: { count: 0, next: null, previous: null, results: [] } },
      'GET /api/admin/organizations/': { body: [] },
    });
    renderWithRouter(<AdminConsole />, { path: '/admin/people', routePath: '/admin/*' });
    expect(await screen.findByRole('link', { name: '一括取込' })).toHaveAttribute(
      'href',
      '/admin/people/import',
    );
    expect(screen.getByRole('button', { name: 'CSV 出力' })).toBeInTheDocument();
  });
});
