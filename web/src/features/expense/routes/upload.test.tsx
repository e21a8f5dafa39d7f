// 給与・源泉票発行: the settings and file are checked before anything is sent; the preview shows the
// sums, the missing employees, the corrections and every error at its line and column; 発行する is
// offered only without errors, asks CONFIRM.upload, sends the preview's token and says SUCCESS.uploaded.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TUploadPreview } from '@portal/shared/contracts/uploads';
import { slips } from '@portal/shared/endpoints/slips';
import { CONFIRM, SUCCESS } from '@portal/shared/messages';
import { mockFetch, reply } from '@/testing/fetch-mock.ts';
import { renderWithRouter } from '@/testing/render.tsx';
import UploadRoute, { ISSUE_BUTTON } from './upload.tsx';

const notify = vi.hoisted(() => ({ toastSuccess: vi.fn(), toastError: vi.fn() }));
vi.mock('@/lib/notify.ts', () => notify);

const COLUMNS = ['社員番号', '氏名', '支給:基本給', '控除:健康保険', '支給合計', '控除合計', '差引支給額'];
const TOKEN = 'b'.repeat(64);
const CLEAN: TUploadPreview = {
  file_name: 'salary.csv',
  token: TOKEN,
  kind: 'salary',
  columns: COLUMNS,
  rows: [
    { row: 2, cells: ['E0001', '山田 太郎', '300000', '15000', '300000', '15000', '285000'] },
    { row: 3, cells: ['E0002', '鈴木 一郎', '400000', '20000', '400000', '20000', '380000'] },
  ],
  row_count: 2,
  matched: 2,
  sums: [
    { label: '支給合計', amount: 700_000, previous: 690_000 },
    { label: '控除合計', amount: 35_000, previous: null },
    { label: '差引支給額', amount: 665_000, previous: 670_000 },
  ],
  missing: [{ id: 9, code: 'E0009', name: '加藤 美咲' }],
  corrections: [
    { row: 3, employee: { id: 2, code: 'E0002', name: '鈴木 一郎' }, before: 375_000, after: 380_000 },
  ],
  correction_label: '差引支給額',
  errors: [],
};
const WITH_ERRORS: TUploadPreview = {
  ...CLEAN,
  matched: 1,
  errors: [
    { row: 3, column: '差引支給額', message: '差引支給額 が 支給合計 − 控除合計（380,000）と一致しません。' },
    { row: 3, column: '氏名', message: '氏名 が社員番号 E0002 の社員（鈴木 一郎）と一致しません。' },
  ],
};

const csv = () => new File(['社員番号,氏名\r\n'], 'salary.csv', { type: 'text/csv' });

async function chooseAndCheck(user: ReturnType<typeof userEvent.setup>, file = csv()) {
  await user.upload(screen.getByLabelText(/^ファイル/), file);
  await user.click(screen.getByRole('button', { name: '内容を確認' }));
}

describe('/expense/upload/', () => {
  it('refuses a missing file and one over 2 MB before sending anything', async () => {
    const { requests } = mockFetch({});
    const user = userEvent.setup({ applyAccept: false });
    renderWithRouter(<UploadRoute />);
    await user.click(screen.getByRole('button', { name: '内容を確認' }));
    expect(await screen.findByTestId('upload-problem')).toHaveTextContent('ファイルを選択してください。');
    expect(screen.getByLabelText(/^ファイル/)).toHaveAccessibleDescription(/ファイルを選択してください。/);
    await chooseAndCheck(user, new File([new Uint8Array(2_097_153)], 'big.csv'));
    expect(await screen.findByTestId('upload-problem')).toHaveTextContent(
      'ファイル のサイズは 2048KB 以下にしてください。',
    );
    expect(requests).toHaveLength(0);
  });

  it('shows each error at its row and column and offers no 発行する while any remains', async () => {
    const { requests } = mockFetch({ ...reply(slips.checkUpload, {}, { body: WITH_ERRORS }) });
    const user = userEvent.setup();
    renderWithRouter(<UploadRoute />);
    await chooseAndCheck(user);
    await waitFor(() => expect(screen.getByRole('heading', { name: /2 行、エラー 2 件/ })).toHaveFocus());
    const cell = screen.getByTestId('upload-error-3-差引支給額');
    expect(cell).toHaveTextContent('380000');
    expect(cell).toHaveTextContent('支給合計 − 控除合計（380,000）と一致しません');
    const list = screen.getByRole('list', { name: 'エラーの一覧' });
    expect(within(list).getByText(/3 行目「氏名」/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: ISSUE_BUTTON })).toBeDisabled();
    const sent = requests[0]!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ kind: 'salary', file_name: 'salary.csv', publish_at: null });
    expect(sent.content).toBeTruthy();
  });

  it('summarises a clean file, asks CONFIRM.upload and issues it with the token', async () => {
    const { requests } = mockFetch({
      ...reply(slips.checkUpload, {}, { body: CLEAN }),
      ...reply(
        slips.issueUpload,
        {},
        {
          status: 201,
          body: {
            id: 12,
            slips: 2,
            corrections: 1,
            publish_at: '2026-11-28T04:00:00Z',
            detail: SUCCESS.uploaded,
          },
        },
      ),
    });
    const user = userEvent.setup();
    renderWithRouter(<UploadRoute />);
    await user.click(screen.getByLabelText('賞与明細'));
    await chooseAndCheck(user);
    expect(await screen.findByTestId('upload-matched')).toHaveTextContent('2 / 2 名');
    const sums = screen.getAllByTestId('upload-sum');
    expect(sums[0]).toHaveTextContent('700,000 円');
    expect(sums[0]).toHaveTextContent('+10,000 円');
    expect(sums[1]).toHaveTextContent('前回なし');
    expect(sums[2]).toHaveTextContent('−5,000 円');
    expect(screen.getByTestId('upload-missing')).toHaveTextContent('E0009 加藤 美咲');
    const corrections = screen.getByTestId('upload-corrections');
    expect(corrections).toHaveTextContent('375,000 円');
    expect(corrections).toHaveTextContent('380,000 円');

    await user.click(screen.getByRole('button', { name: ISSUE_BUTTON }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(CONFIRM.upload);
    await user.click(within(dialog).getByTestId('confirm-ok'));
    expect(await screen.findByTestId('upload-result')).toHaveTextContent(SUCCESS.uploaded);
    expect(notify.toastSuccess).toHaveBeenCalledWith(SUCCESS.uploaded);
    expect(screen.getByRole('link', { name: 'アップロード詳細を開く' })).toHaveAttribute(
      'href',
      '/expense/upload/12',
    );
    const issued = requests.find((r) => r.path === '/api/expense/upload/')!.body;
    expect(issued).toMatchObject({ kind: 'bonus', token: TOKEN, file_name: 'salary.csv' });
  });

  it('asks the 源泉徴収票 for its year alone', async () => {
    const { requests } = mockFetch({
      ...reply(slips.checkUpload, {}, { body: { ...CLEAN, kind: 'withholding' } }),
    });
    const user = userEvent.setup();
    renderWithRouter(<UploadRoute />);
    await user.click(screen.getByLabelText('源泉徴収票'));
    expect(screen.queryByLabelText(/対象年月/)).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/対象年/), screen.getAllByRole('option')[1]!);
    await chooseAndCheck(user);
    await screen.findByTestId('upload-preview');
    expect(requests[0]!.body).toMatchObject({ kind: 'withholding', month: null });
  });

  it('puts a refusal of the file under the file and above the form', async () => {
    mockFetch({
      ...reply(
        slips.checkUpload,
        {},
        {
          status: 400,
          body: { content: ['1 行目の見出し「支給額」はこの形式の列ではありません。'] },
        },
      ),
    });
    const user = userEvent.setup();
    renderWithRouter(<UploadRoute />);
    await chooseAndCheck(user);
    expect(await screen.findByTestId('upload-problem')).toHaveTextContent('見出し「支給額」');
    expect(screen.getByLabelText(/^ファイル/)).toHaveAccessibleDescription(/見出し「支給額」/);
    expect(screen.queryByRole('button', { name: ISSUE_BUTTON })).not.toBeInTheDocument();
  });
});
