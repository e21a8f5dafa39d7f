// Issue 35, acceptance 5, at 1280 and 375 px with axe-core (WCAG 2.2 A/AA): hr opens the list of who is
// short of the five-day obligation on /vacations/management, turns its order, and downloads the
// 年次有給休暇管理簿 of 開発一課; yamada sees his year on /vacations.
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { keepScreenshot, signedInPage as session } from './helpers.ts';

async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('hr opens the at-risk list and downloads the register; yamada sees his year', async ({
  browser,
  baseURL,
}, testInfo) => {
  const mobile = testInfo.project.name === 'mobile';
  const hr = await session(browser, 'hr', baseURL!, mobile);

  await hr.goto('/vacations/management');
  await expect(hr.getByTestId('page-title')).toHaveText('有給休暇の管理');
  const rows = hr.getByTestId('leave-at-risk-row');
  await expect(rows.first().or(hr.getByText('年5日の取得義務が未達の社員はいません。'))).toBeVisible();
  const sort = hr.getByTestId('leave-at-risk-sort');
  await expect(sort).toHaveText('残り日数の少ない順');
  await sort.click();
  await expect(sort).toHaveText('残り日数の多い順');
  expect(await seriousViolations(hr)).toEqual([]);
  await keepScreenshot(hr, testInfo, 'paid-leave-management');

  await hr.getByLabel('組織').selectOption({ label: '開発一課' });
  const [download] = await Promise.all([
    hr.waitForEvent('download'),
    hr.getByRole('button', { name: '管理簿をダウンロード' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^年次有給休暇管理簿_\d{4}_開発一課\.xlsx$/);
  const xlsx = await readFile((await download.path())!);
  expect(xlsx.subarray(0, 2).toString()).toBe('PK');

  const yamada = await session(browser, 'yamada', baseURL!, mobile);
  await yamada.goto(`/vacations?year=${new Date().getFullYear()}`);
  await expect(yamada.getByTestId('page-title')).toHaveText('休暇履歴');
  await expect(yamada.getByRole('combobox', { name: '年' })).toHaveValue(String(new Date().getFullYear()));
  await expect(yamada.getByTestId('leave-obligation')).toContainText('期限');
  // His own 年次有給休暇管理簿 of the year, with each grant's reason, and its PDF.
  await expect(yamada.getByTestId('leave-register-taken')).toContainText('取得日数');
  const [own] = await Promise.all([
    yamada.waitForEvent('download'),
    yamada.getByRole('button', { name: '管理簿（PDF）' }).click(),
  ]);
  expect(own.suggestedFilename()).toMatch(/^年次有給休暇管理簿_\d{4}_.+\.pdf$/);
  expect((await readFile((await own.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
  await expect(
    yamada.getByTestId('vacation-row').first().or(yamada.getByText('この年の休暇履歴はありません。')),
  ).toBeVisible();
  expect(await seriousViolations(yamada)).toEqual([]);
  await keepScreenshot(yamada, testInfo, 'vacations-year');

  // yamada holds no HR permission: the management page refuses him.
  await yamada.goto('/vacations/management');
  await expect(yamada.getByTestId('forbidden')).toBeVisible();
  await expect(yamada.getByTestId('leave-at-risk-row')).toHaveCount(0);
  await expect(yamada.getByRole('button', { name: '管理簿をダウンロード' })).toHaveCount(0);
  await hr.context().close();
  await yamada.context().close();
});
