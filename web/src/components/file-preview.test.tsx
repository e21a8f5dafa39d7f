// The shared preview of an uploaded file: 10 rows a page, a search by the named columns that folds
// width and spaces, and each error outlined at its line and column.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PreviewErrorList, PreviewTable, type PreviewRow } from './file-preview.tsx';

const COLUMNS = ['社員番号', '氏名', '差引支給額'];
const rows: PreviewRow[] = Array.from({ length: 23 }, (_, i) => ({
  row: i + 2,
  cells: { 社員番号: `E${String(i + 1).padStart(3, '0')}`, 氏名: `社員 ${i + 1}`, 差引支給額: '1,000' },
}));
const errors = [{ row: 14, column: '差引支給額', message: '差引支給額 は整数で入力してください。' }];

const renderTable = () =>
  render(
    <PreviewTable
      columns={COLUMNS}
      rows={rows}
      errors={errors}
      label="明細の内容"
      caption="明細の内容"
      searchColumns={['社員番号', '氏名']}
      searchLabel="社員番号・氏名で検索"
    />,
  );

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('PreviewTable', () => {
  it('shows 10 rows a page and pages on', async () => {
    const user = userEvent.setup();
    renderTable();
    expect(bodyRows()).toHaveLength(10);
    expect(bodyRows()[0]).toHaveTextContent('E001');
    await user.click(screen.getByRole('button', { name: '次へ' }));
    expect(bodyRows()).toHaveLength(10);
    expect(bodyRows()[0]).toHaveTextContent('E011');
    const cell = screen.getByTestId('preview-error-14-差引支給額');
    expect(cell).toHaveTextContent('整数で入力してください');
    await user.click(screen.getByRole('button', { name: '3 ページ' }));
    expect(bodyRows()).toHaveLength(3);
  }, 20_000);

  it('finds rows by 社員番号 or 氏名, full-width and spaces ignored', async () => {
    const user = userEvent.setup();
    renderTable();
    await user.type(screen.getByLabelText('社員番号・氏名で検索'), 'Ｅ０２');
    expect(bodyRows().map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      'E020',
      'E021',
      'E022',
      'E023',
    ]);
    await user.clear(screen.getByLabelText('社員番号・氏名で検索'));
    await user.type(screen.getByLabelText('社員番号・氏名で検索'), '社員7');
    expect(bodyRows()).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveTextContent('1 行が該当');
    expect(screen.queryByRole('navigation', { name: 'ページ送り' })).not.toBeInTheDocument();
  });

  it('lists every error at its line and column', () => {
    render(
      <PreviewErrorList errors={[...errors, { row: 1, column: null, message: '見出しが違います。' }]} />,
    );
    const list = screen.getByRole('list', { name: 'エラーの一覧' });
    expect(within(list).getByText(/14 行目「差引支給額」：差引支給額 は整数/)).toBeInTheDocument();
    expect(within(list).getByText('1 行目：見出しが違います。')).toBeInTheDocument();
  });
});
