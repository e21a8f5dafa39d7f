// 資材の一括登録 (issue 31): the preview shows each error (unknown type, duplicate 管理番号, bad date)
// at its row and column with 取り込む disabled; a clean preview is confirmed with its token; the
// screen is offered from the 資材 list and refused without assets.change_asset.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ASSET_IMPORT_COLUMNS,
  type TAssetImportPreview,
  type TAssetImportResult,
} from '@portal/shared/contracts/asset-import';
import { PERM } from '@portal/shared/permissions';
import { useSessionStore } from '@/stores/session-store.ts';
import { mockFetch } from '@/testing/fetch-mock.ts';
import { userState } from '@/testing/fixtures.ts';
import { renderWithRouter } from '@/testing/render.tsx';
import AdminConsole from './admin-console.tsx';
import { NOT_ALLOWED } from '../components/resource-screens.tsx';

const notify = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));
vi.mock('@/lib/notify.ts', () => notify);

const CHECK = '/api/admin/asset-import/check/';
const CONFIRM = '/api/admin/asset-import/confirm/';
const unit = (asset_id: string, asset_type: string, purchased_on = '', serial = '') => ({
  管理番号: asset_id,
  資材種別: asset_type,
  シリアル番号: serial,
  購入日: purchased_on,
});

const TOKEN = 'b'.repeat(64);
const WITH_ERRORS: TAssetImportPreview = {
  file_name: 'assets.csv',
  token: TOKEN,
  columns: ASSET_IMPORT_COLUMNS.map((c) => c.label),
  rows: [
    { row: 2, cells: unit('PC-101', 'ノートPC', '2026-04-01', 'SN-1, rev.2') },
    { row: 3, cells: unit('PC-102', 'スキャナー') },
    { row: 4, cells: unit('PC-101', 'ノートPC') },
    { row: 5, cells: unit('PC-103', 'ノートPC', '2026-02-30') },
  ],
  errors: [
    {
      row: 3,
      column: '資材種別',
      message: '資材種別「スキャナー」は登録されていないか、無効になっています。',
    },
    { row: 4, column: '管理番号', message: '管理番号 が 2 行目と重複しています。' },
    { row: 5, column: '購入日', message: '購入日 は YYYY-MM-DD 形式の正しい日付で入力してください。' },
  ],
};
const CLEAN: TAssetImportPreview = { ...WITH_ERRORS, rows: [WITH_ERRORS.rows[0]!], errors: [] };

const renderImport = () =>
  renderWithRouter(<AdminConsole />, { path: '/admin/assets/import', routePath: '/admin/*' });

async function chooseAndCheck(user: ReturnType<typeof userEvent.setup>) {
  const file = new File(['管理番号\r\n'], 'assets.csv', { type: 'text/csv' });
  await user.upload(screen.getByLabelText('ファイル'), file);
  await user.click(screen.getByRole('button', { name: '内容を確認' }));
}

beforeEach(() =>
  useSessionStore
    .getState()
    .setUser(userState({ is_staff: true, perms: [PERM.viewAsset, PERM.changeAsset] })),
);
afterEach(() => useSessionStore.getState().clear());

describe('the asset import screen', () => {
  it('shows each row error at its row and column and keeps 取り込む disabled', async () => {
    const { requests } = mockFetch({ [`POST ${CHECK}`]: { body: WITH_ERRORS } });
    const user = userEvent.setup();
    renderImport();
    expect(screen.getByRole('heading', { name: '資材の一括登録' })).toBeInTheDocument();
    await chooseAndCheck(user);
    expect(await screen.findByRole('heading', { name: /4 行、エラー 3 件/ })).toBeInTheDocument();
    const errors = within(screen.getByRole('list', { name: 'エラーの一覧' }));
    expect(
      errors.getByText(/3 行目「資材種別」：資材種別「スキャナー」は登録されていない/),
    ).toBeInTheDocument();
    expect(errors.getByText(/4 行目「管理番号」：管理番号 が 2 行目と重複しています。/)).toBeInTheDocument();
    expect(errors.getByText(/5 行目「購入日」：購入日 は YYYY-MM-DD/)).toBeInTheDocument();
    expect(screen.getByTestId('import-error-3-資材種別')).toHaveTextContent('スキャナー');
    expect(screen.getByTestId('import-error-5-購入日')).toHaveTextContent('2026-02-30');
    // A quoted comma is one cell, shown as read.
    expect(screen.getByRole('table', { name: /取込内容/ })).toHaveTextContent('SN-1, rev.2');
    expect(screen.getByRole('button', { name: '取り込む' })).toBeDisabled();
    expect(requests.find((r) => r.path === CHECK)!.body).toMatchObject({ file_name: 'assets.csv' });
    expect(requests.some((r) => r.path === CONFIRM)).toBe(false);
  });

  it('confirms a clean preview with its token and says how many units were added', async () => {
    const answer: TAssetImportResult = { created: 1 };
    const { requests } = mockFetch({
      [`POST ${CHECK}`]: { body: CLEAN },
      [`POST ${CONFIRM}`]: { status: 201, body: answer },
    });
    const user = userEvent.setup();
    renderImport();
    await chooseAndCheck(user);
    await waitFor(() => expect(screen.getByRole('heading', { name: /1 行、エラー 0 件/ })).toHaveFocus());
    const button = screen.getByRole('button', { name: '取り込む' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(await screen.findByText(/1 台を在庫に登録しました。/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('import-result')).toHaveFocus());
    expect(screen.getByRole('link', { name: '資材の一覧を開く' })).toHaveAttribute('href', '/admin/assets');
    expect(requests.find((r) => r.path === CONFIRM)!.body).toMatchObject({
      file_name: 'assets.csv',
      token: TOKEN,
    });
  });

  it('is refused to staff without assets.change_asset, asking nothing', async () => {
    const { requests } = mockFetch({});
    useSessionStore.getState().setUser(userState({ is_staff: true, perms: [PERM.viewAsset] }));
    renderImport();
    expect(await screen.findByRole('alert')).toHaveTextContent(NOT_ALLOWED);
    expect(requests.filter((r) => r.path.startsWith('/api/admin/asset-import'))).toHaveLength(0);
  });

  it('is offered from the 資材 list', async () => {
    mockFetch({
      'GET /api/admin/assets/': { body: { count: 0, next: null, previous: null, results: [] } },
      'GET /api/admin/asset-types/': { body: [] },
    });
    renderWithRouter(<AdminConsole />, { path: '/admin/assets', routePath: '/admin/*' });
    expect(await screen.findByRole('link', { name: '一括登録' })).toHaveAttribute(
      'href',
      '/admin/assets/import',
    );
  });
});
