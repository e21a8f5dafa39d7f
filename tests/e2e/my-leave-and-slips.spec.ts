// Issue 13, acceptance 4 (leave and slips), at 1280 and 375 px: yamada sees his leave history and the
// paid-leave balance with the next grant, opens a payslip and downloads its PDF; suzuki (his 課長)
// cannot open yamada's slip. No screen of these shows 準備中です.
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { keepScreenshot, signedInPage as session } from './helpers.ts';

/** The year of the latest payday (the 25th) in Tokyo: the demo's slips end there. */
function latestPaydayYear(): number {
  const today = new Date(Date.now() + 9 * 3_600_000);
  const beforeFirstPayday = today.getUTCMonth() === 0 && today.getUTCDate() < 25;
  return today.getUTCFullYear() - (beforeFirstPayday ? 1 : 0);
}

test('yamada sees his leave and balance, opens a payslip and downloads its PDF; suzuki gets 404', async ({
  browser,
  baseURL,
}, testInfo) => {
  const mobile = testInfo.project.name === 'mobile';
  const yamada = await session(browser, 'yamada', baseURL!, mobile);

  // Leave: the balance card with the next grant and the five-day obligation, then the history.
  await yamada.goto('/vacations');
  await expect(yamada.getByTestId('page-title')).toHaveText('休暇履歴');
  const balance = yamada.getByTestId('leave-balance');
  await expect(balance.getByTestId('leave-remaining')).toHaveText(/^\d+(\.5)? 日$/);
  await expect(balance.getByTestId('leave-next-grant')).toHaveText(/^\d{4}-\d{2}-\d{2}（20 日）$/);
  await expect(balance.getByTestId('leave-obligation')).toContainText('期限');
  await expect(
    balance.getByRole('table', { name: '有効な付与' }).or(balance.getByText('有効な付与はありません。')),
  ).toBeVisible();
  const rows = yamada.getByTestId('vacation-row');
  await expect(rows.first()).toBeVisible();
  await expect(rows.first()).toContainText(/有給休暇|特別休暇/);
  await expect(yamada.getByText('準備中です')).toHaveCount(0);
  await keepScreenshot(yamada, testInfo, 'vacations');

  // Payslips: the year's list, one opened as a 給与明細, its PDF downloaded.
  const year = latestPaydayYear();
  await yamada.goto(`/payment-slip?year=${year}`);
  await expect(yamada.getByTestId('page-title')).toHaveText('給与明細');
  const slips = yamada.getByTestId('slip-row');
  await expect(slips.first()).toContainText(`${year}年`);
  await expect(yamada.getByText('準備中です')).toHaveCount(0);
  await keepScreenshot(yamada, testInfo, 'payment-slip-list');
  if (mobile) await slips.first().getByRole('link').click();
  else await slips.first().getByRole('link').first().click();
  await expect(yamada).toHaveURL(/\/payment-slip\/\d+$/);
  const slipPath = new URL(yamada.url()).pathname;
  for (const part of ['支給', '控除', '勤怠'])
    await expect(yamada.getByRole('heading', { name: part, exact: true })).toBeVisible();
  await expect(yamada.getByTestId('slip-net-pay')).toContainText(/差引支給額\s*[\d,]+ 円/);
  await keepScreenshot(yamada, testInfo, 'payment-slip-detail');

  const [download] = await Promise.all([
    yamada.waitForEvent('download'),
    yamada.getByRole('button', { name: 'PDF をダウンロード' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^給与明細_\d{6}_E\d{4}\.pdf$/);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

  // Withholding slips: the list has last year's.
  await yamada.goto(`/withholding?year=${new Date().getFullYear() - 1}`);
  await expect(yamada.getByTestId('slip-row').first()).toContainText('源泉徴収票');
  await expect(yamada.getByText('準備中です')).toHaveCount(0);

  // suzuki heads yamada's 課 but holds no slip permission: the slip does not exist for him.
  const suzuki = await session(browser, 'suzuki', baseURL!, mobile);
  await suzuki.goto(slipPath);
  await expect(suzuki.getByText('Page not found')).toBeVisible();
  await expect(suzuki.getByTestId('slip-net-pay')).toHaveCount(0);
  await keepScreenshot(suzuki, testInfo, 'payment-slip-suzuki-404');
  await yamada.context().close();
  await suzuki.context().close();
});
