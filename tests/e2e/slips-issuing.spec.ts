// Issue 29, acceptance 4 (issuing slips), at 1280 and 375 px: hr uploads a 賞与明細 CSV with errors,
// sees each at its row, uploads the fixed file, confirms and reads ファイルアップロードしました。; yamada
// gets the bell, opens the slip and downloads its PDF; hr sees yamada 開封済み and resends to the rest.
// The upload is a bonus two years back, for yamada and two employees no other spec reads (青木, 藤井),
// so the other specs' payslip lists (the newest year's, opening on a 給与明細) stay as they were.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { keepScreenshot, signedInPage as session } from './helpers.ts';

const YEAR = new Date(Date.now() + 9 * 3_600_000).getUTCFullYear() - 2;
const MONTH = 12;
const TARGET = `${YEAR}年${MONTH}月分`;
const HEADER = [
  '社員番号',
  '氏名',
  '支給:賞与',
  '控除:健康保険',
  '控除:所得税',
  '支給合計',
  '控除合計',
  '差引支給額',
];
type Row = [code: string, name: string, bonus: number, health: number, tax: number, net?: number];
const ROWS: Row[] = [
  ['E0015', '山田 太郎', 600_000, 30_000, 24_000],
  ['E0040', '青木 優子', 500_000, 25_000, 20_000],
  ['E0041', '藤井 蓮', 400_000, 20_000, 16_000],
];

function csv(rows: Row[]): Buffer {
  const lines = rows.map(([code, name, bonus, health, tax, net]) =>
    [code, name, bonus, health, tax, bonus, health + tax, net ?? bonus - health - tax].join(','),
  );
  // UTF-8 with BOM, as Excel writes it.
  return Buffer.from(`\uFEFF${[HEADER.join(','), ...lines].join('\r\n')}\r\n`);
}

test('hr issues a bonus after fixing its errors; yamada opens it; hr resends to the rest', async ({
  browser,
  baseURL,
}, testInfo) => {
  const mobile = testInfo.project.name === 'mobile';
  const hr = await session(browser, 'hr', baseURL!, mobile);

  // A file with two mistakes: a net that does not add up (line 3), a name shifted by a row (line 4).
  await hr.goto('/expense/upload/');
  await expect(hr.getByTestId('page-title')).toHaveText('給与・源泉票発行');
  await expect(hr.getByText('準備中です')).toHaveCount(0);
  await hr.getByLabel('賞与明細').check();
  await hr.getByLabel('対象年月').fill(`${YEAR}-${String(MONTH).padStart(2, '0')}`);
  await hr.getByLabel('支給日').fill(`${YEAR}-${String(MONTH).padStart(2, '0')}-10`);
  const file = hr.locator('input[type="file"]');
  const wrong: Row[] = [
    ROWS[0]!,
    ['E0040', '青木 優子', 500_000, 25_000, 20_000, 1],
    ['E0041', '青木 優子', 400_000, 20_000, 16_000],
  ];
  await file.setInputFiles({ name: 'bonus.csv', mimeType: 'text/csv', buffer: csv(wrong) });
  await hr.getByRole('button', { name: '内容を確認' }).click();
  await expect(hr.getByRole('heading', { name: /bonus\.csv：3 行、エラー [1-9]\d* 件/ })).toBeVisible();
  await expect(hr.getByTestId('upload-error-3-差引支給額')).toContainText('差引支給額');
  await expect(hr.getByTestId('upload-error-4-氏名')).toBeVisible();
  const errors = hr.getByRole('list', { name: 'エラーの一覧' });
  await expect(errors).toContainText('3 行目「差引支給額」');
  await expect(errors).toContainText('4 行目「氏名」');
  await expect(hr.getByRole('button', { name: '発行する' })).toBeDisabled();
  await keepScreenshot(hr, testInfo, 'upload-errors');

  // The fixed file: no error, three employees matched; 発行する asks, then says it is done.
  await file.setInputFiles({ name: 'bonus.csv', mimeType: 'text/csv', buffer: csv(ROWS) });
  await hr.getByRole('button', { name: '内容を確認' }).click();
  await expect(hr.getByRole('heading', { name: /bonus\.csv：3 行、エラー 0 件/ })).toBeVisible();
  await expect(hr.getByTestId('upload-matched')).toHaveText('3 / 3 名');
  await expect(hr.getByTestId('upload-sum').first()).toContainText('1,500,000 円');
  await keepScreenshot(hr, testInfo, 'upload-preview');
  await hr.getByRole('button', { name: '発行する' }).click();
  const dialog = hr.getByRole('dialog');
  await expect(dialog).toContainText('ファイルをアップロードします、よろしいですか？');
  await dialog.getByTestId('confirm-ok').click();
  await expect(hr.getByTestId('upload-result')).toContainText('ファイルアップロードしました。');
  await keepScreenshot(hr, testInfo, 'upload-done');

  // yamada: the bell says it, its link opens his slips; the bonus is in its year.
  const yamada = await session(browser, 'yamada', baseURL!, mobile);
  await yamada.getByRole('button', { name: 'お知らせ' }).click();
  const notice = yamada
    .getByTestId('notification-item')
    .filter({ hasText: '賞与明細が発行されました' })
    .filter({ hasText: TARGET });
  // shell.spec, on the same server, marks yamada's newest bell read: look under 既読 too.
  await expect(async () => {
    for (const tab of ['未読', '既読']) {
      await yamada.getByText(tab, { exact: true }).click();
      if ((await notice.count()) === 1) return;
    }
    throw new Error('the notice is in neither list yet');
  }).toPass({ timeout: 15_000 });
  await expect(notice).toHaveCount(1);
  await expect(notice).not.toContainText('円');
  await notice.getByRole('link').first().click();
  await expect(yamada).toHaveURL(/\/payment-slip/);
  await yamada.getByLabel('年', { exact: true }).selectOption(String(YEAR));
  const slip = yamada.getByTestId('slip-row').filter({ hasText: `${TARGET} 賞与明細` });
  await slip.getByRole('link').first().click();
  await expect(yamada).toHaveURL(/\/payment-slip\/\d+$/);
  await expect(yamada.getByTestId('slip-net-pay')).toContainText('546,000 円');
  const [download] = await Promise.all([
    yamada.waitForEvent('download'),
    yamada.getByRole('button', { name: 'PDF をダウンロード' }).click(),
  ]);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  await yamada.context().close();

  // hr: the history's row shows one of three opened; its detail names yamada 開封済み; resend.
  await hr.goto(`/expense/uploads?kind=bonus&year=${YEAR}`);
  const row = hr.getByTestId('upload-row').filter({ hasText: TARGET });
  await expect(row).toContainText('1 / 3');
  await expect(row).toContainText('公開済み');
  await keepScreenshot(hr, testInfo, 'upload-history');
  await row.getByRole('link').first().click();
  await expect(hr).toHaveURL(/\/expense\/upload\/\d+$/);
  const employees = hr.getByTestId('upload-slip-row');
  await expect(employees.filter({ hasText: '山田 太郎' })).toContainText('開封済み');
  await expect(employees.filter({ hasText: '青木 優子' })).toContainText('未開封');
  await keepScreenshot(hr, testInfo, 'upload-detail');
  await hr.getByRole('button', { name: '未開封の社員に再送信（2 名）' }).click();
  const ask = hr.getByRole('dialog');
  await expect(ask).toContainText('再送信します、よろしいですか？');
  await ask.getByTestId('confirm-ok').click();
  await expect(hr.getByText('再送信しました、しばらくお待ちください。')).toBeVisible();

  // Only the two who had not opened: 未開封 lists them alone.
  await hr.getByLabel('未開封の社員だけ表示').check();
  await expect(employees).toHaveCount(2);
  await expect(employees.filter({ hasText: '山田 太郎' })).toHaveCount(0);
  await hr.context().close();
});
