// アップロード履歴 and アップロード詳細: the list asks with its filters from the URL and shows 開封 n / m;
// the detail shows who opened, filters 未開封, and offers only what the upload's state allows, each
// asked first.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TUploadHistoryDetail, TUploadHistoryRow } from '@portal/shared/contracts/uploads';
import { slips } from '@portal/shared/endpoints/slips';
import { CONFIRM, SUCCESS } from '@portal/shared/messages';
import { PERM } from '@portal/shared/permissions';
import { useSessionStore } from '@/stores/session-store.ts';
import { mockFetch, reply } from '@/testing/fetch-mock.ts';
import { userState } from '@/testing/fixtures.ts';
import { renderWithRouter } from '@/testing/render.tsx';
import UploadDetailRoute from './upload-detail.tsx';
import UploadHistoryRoute from './upload-history.tsx';

const notify = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));
vi.mock('@/lib/notify.ts', () => notify);

const ROW: TUploadHistoryRow = {
  id: 12,
  kind: 'salary',
  kind_name: '給与明細',
  year: 2026,
  month: 10,
  target: '2026年10月分',
  paid_on: '2026-10-25',
  count: 3,
  opened: 1,
  state: 'published',
  state_name: '公開済み',
  corrected: false,
  publish_at: '2026-10-24T00:00:00Z',
  file_name: 'salary-2026-10.csv',
  created_by: '清水 花子',
  created_at: '2026-10-23T01:30:00Z',
};

const DETAIL: TUploadHistoryDetail = {
  upload: { ...ROW, file_sha256: 'c'.repeat(64), row_count: 3, paper: 1 },
  slips: {
    count: 3,
    results: [
      {
        slip_id: 1,
        employee: { id: 15, code: 'E0015', name: '山田 太郎' },
        amount: 285_000,
        opened_at: '2026-10-24T03:00:00Z',
        correction: false,
        superseded: false,
        paper: false,
      },
      {
        slip_id: 2,
        employee: { id: 16, code: 'E0016', name: '鈴木 一郎' },
        amount: 380_000,
        opened_at: null,
        correction: true,
        superseded: false,
        paper: true,
      },
    ],
  },
};

const page = (results: TUploadHistoryRow[]) => ({
  count: results.length,
  next: null,
  previous: null,
  results,
});
const asHr = (perms: string[]) => useSessionStore.getState().setUser(userState({ perms }));

beforeEach(() => asHr([PERM.addUploadHistory, PERM.viewUploadHistory]));
afterEach(() => useSessionStore.getState().clear());

describe('/expense/uploads', () => {
  it('lists the uploads with 開封 n / m and asks with the filters of the URL', async () => {
    const { requests } = mockFetch({ ...reply(slips.uploadHistory, {}, { body: page([ROW]) }) });
    renderWithRouter(<UploadHistoryRoute />, {
      path: '/expense/uploads?kind=salary&year=2026&state=published',
    });
    const row = await screen.findByTestId('upload-row');
    for (const text of ['給与明細', '2026年10月分', '2026-10-25', '1 / 3', '公開済み', '清水 花子'])
      expect(row).toHaveTextContent(text);
    expect(within(row).getByRole('link', { name: '2026年10月分' })).toHaveAttribute(
      'href',
      '/expense/upload/12',
    );
    const query = requests[0]!.query;
    expect([query.get('kind'), query.get('year'), query.get('state')]).toEqual([
      'salary',
      '2026',
      'published',
    ]);
  });

  it('asks again with a filter chosen, from its first page', async () => {
    const { requests } = mockFetch({ ...reply(slips.uploadHistory, {}, { body: page([]) }) });
    const user = userEvent.setup();
    renderWithRouter(<UploadHistoryRoute />, { path: '/expense/uploads?page=2' });
    expect(await screen.findByText('アップロードはありません。')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('状態'), '公開予約');
    await waitFor(() => expect(requests.at(-1)!.query.get('state')).toBe('scheduled'));
    expect(requests.at(-1)!.query.get('page')).toBe('1');
  });
});

describe('/expense/upload/:id', () => {
  const renderDetail = (path = '/expense/upload/12') =>
    renderWithRouter(<UploadDetailRoute />, { path, routePath: '/expense/upload/:id' });

  it('shows each employee with the amount, 開封 and when, 訂正, and the paper due', async () => {
    mockFetch({ ...reply(slips.uploadHistoryOne, { id: 12 }, { body: DETAIL }) });
    renderDetail();
    const rows = await screen.findAllByTestId('upload-slip-row');
    expect(rows[0]).toHaveTextContent('285,000 円');
    expect(rows[0]).toHaveTextContent(/開封済み（2026-10-24 \d\d:00）/);
    expect(rows[1]).toHaveTextContent('未開封');
    expect(rows[1]).toHaveTextContent('訂正');
    expect(screen.getByTestId('upload-paper')).toHaveTextContent('1 名');
    expect(screen.getByRole('button', { name: '書面交付用の PDF（印刷用）' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '公開の取消' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '公開日時の変更' })).not.toBeInTheDocument();
  });

  it('filters 未開封 through the URL', async () => {
    const { requests } = mockFetch({ ...reply(slips.uploadHistoryOne, { id: 12 }, { body: DETAIL }) });
    const user = userEvent.setup();
    renderDetail();
    await screen.findAllByTestId('upload-slip-row');
    await user.click(screen.getByLabelText('未開封の社員だけ表示'));
    await waitFor(() => expect(requests.at(-1)!.query.get('unopened')).toBe('true'));
  });

  it('resends to those who have not opened after asking CONFIRM.resend', async () => {
    const { requests } = mockFetch({
      ...reply(slips.uploadHistoryOne, { id: 12 }, { body: DETAIL }),
      ...reply(slips.resend, {}, { body: { sent: 2, detail: SUCCESS.resent } }),
    });
    const user = userEvent.setup();
    renderDetail();
    await user.click(await screen.findByRole('button', { name: '未開封の社員に再送信（2 名）' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(CONFIRM.resend);
    await user.click(within(dialog).getByTestId('confirm-ok'));
    await waitFor(() => expect(notify.toastSuccess).toHaveBeenCalledWith(SUCCESS.resent));
    expect(requests.find((r) => r.path === '/api/expense/resend/')!.body).toEqual({ upload_id: 12 });
  });

  it('offers a scheduled upload a new time or its cancellation, and refuses a time past 31 days', async () => {
    const scheduled: TUploadHistoryDetail = {
      ...DETAIL,
      upload: {
        ...DETAIL.upload,
        state: 'scheduled',
        state_name: '公開予約',
        opened: 0,
        publish_at: '2099-01-01T00:00:00Z',
      },
    };
    const { requests } = mockFetch({ ...reply(slips.uploadHistoryOne, { id: 12 }, { body: scheduled }) });
    const user = userEvent.setup();
    renderDetail();
    expect(await screen.findByRole('button', { name: '公開予約の取消' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /再送信/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '公開の取消' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '公開日時の変更' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByTestId('confirm-ok'));
    expect(await within(dialog).findByText('公開日時 は 31 日以内にしてください。')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'PATCH')).toHaveLength(0);
  });

  it('shows no action to a viewer who may not issue', async () => {
    asHr([PERM.viewUploadHistory]);
    mockFetch({ ...reply(slips.uploadHistoryOne, { id: 12 }, { body: DETAIL }) });
    renderDetail();
    await screen.findAllByTestId('upload-slip-row');
    expect(screen.queryByRole('group', { name: '操作' })).not.toBeInTheDocument();
  });

  it('shows no action on a withdrawn upload', async () => {
    const withdrawn = {
      ...DETAIL,
      upload: { ...DETAIL.upload, state: 'withdrawn', state_name: '取消' },
    } as const;
    mockFetch({ ...reply(slips.uploadHistoryOne, { id: 12 }, { body: withdrawn }) });
    renderDetail();
    expect(await screen.findByTestId('upload-summary')).toHaveTextContent('取消');
    expect(screen.queryByRole('group', { name: '操作' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /再送信|取消|変更/ })).not.toBeInTheDocument();
  });
});
