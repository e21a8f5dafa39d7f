import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { keepScreenshot, openSidebar, signIn } from './helpers.ts';

// Issue #4: the attendance screens besides the entry form. The seed (api/src/seed/attendance.ts)
// leaves one approved 勤怠報告 of last month by 後藤 大樹 (営業一課), approved by 小林 裕子 (its 課長),
// with a long day into the night. Nothing here writes, so attendance.spec.ts may run beside it.

const REPORTER = '後藤 大樹';

/** Last month in Asia/Tokyo, as the seed computes it: `YYYY-MM` for ?month= and its label. */
function lastMonth(): { param: string; year: number; month: number } {
  const tokyo = new Date(Date.now() + 9 * 3_600_000);
  const year = tokyo.getUTCMonth() === 0 ? tokyo.getUTCFullYear() - 1 : tokyo.getUTCFullYear();
  const month = tokyo.getUTCMonth() === 0 ? 12 : tokyo.getUTCMonth();
  return { param: `${year}-${String(month).padStart(2, '0')}`, year, month };
}

async function signInAs(page: Page, username: string): Promise<void> {
  await page.goto('/login-native');
  await signIn(page, username);
  await expect(page).toHaveURL(/\/home$/);
}

test.describe('attendance view, lists and outputs', () => {
  test('kato (employee.view_attendance_org_only, 営業一課) sees only his organisation in the attendance list', async ({
    page,
  }, testInfo) => {
    const month = lastMonth();
    await signInAs(page, 'kato');
    await openSidebar(page);
    await page
      .getByTestId('sidebar')
      .getByRole('link', { name: /勤怠一覧/ })
      .click();
    await expect(page).toHaveURL(/\/employee\/attendance\/0$/);
    await expect(page.getByTestId('page-title')).toHaveText('勤怠一覧');

    await page.goto(`/employee/attendance/0?month=${month.param}`);
    const rows = page.getByTestId('attendance-row');
    await expect(rows.first()).toBeVisible();
    const texts = await rows.allInnerTexts();
    expect(texts.length).toBeGreaterThan(1);
    for (const text of texts) expect(text).toContain('営業一課');
    expect(texts.join('\n')).not.toContain('山田 太郎');
    const reporter = rows.filter({ hasText: REPORTER });
    await expect(reporter.getByTestId('attendance-status')).toHaveAttribute('data-status', '90');
    await keepScreenshot(page, testInfo, 'attendance-list-org-only');

    // kato may read the report of someone in his organisation, but not correct it.
    await reporter.getByRole('link', { name: `${REPORTER} の勤怠を表示` }).click();
    await expect(page).toHaveURL(/\/attendance\/tasks\/details\/\d+$/);
    await expect(page.getByTestId('attendance-title')).toContainText(`${month.year}年${month.month}月`);
    await expect(page.getByRole('button', { name: '編集' })).toHaveCount(0);

    // The company calendar: a month of business days; its settings are for administrators only.
    await page.goto(`/company/calendar?month=${month.param}`);
    await expect(page.getByTestId('business-days')).toContainText(
      `${month.year}年${month.month}月 所定労働日`,
    );
    await expect(page.getByTestId('calendar-settings')).toHaveCount(0);
    await keepScreenshot(page, testInfo, 'company-calendar');
  });

  test('hr downloads every employee’s month as .xlsx from /expense/attendance', async ({
    page,
  }, testInfo) => {
    const month = lastMonth();
    await signInAs(page, 'hr');
    await page.goto(`/expense/attendance?month=${month.param}`);
    await expect(page.getByLabel('対象月')).toHaveValue(month.param);
    await keepScreenshot(page, testInfo, 'attendance-output');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('attendance-output-download').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const content = await readFile((await download.path())!);
    // An .xlsx is a zip ('PK') with the workbook inside: far more than an empty answer.
    expect(content.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(content.length).toBeGreaterThan(4_000);
  });

  test('the approver opens the seeded report from the task list; hr reads it with the edit button', async ({
    page,
  }, testInfo) => {
    const month = lastMonth();
    await signInAs(page, 'kobayashi');
    await page.goto('/task/tasks/approval-finished');
    await page
      .getByTestId('task-row')
      .filter({ hasText: '勤怠報告' })
      .filter({ hasText: REPORTER })
      .first()
      .click();
    await expect(page).toHaveURL(/\/task\/tasks\/approval-finished\/\d+$/);
    const view = page.getByTestId('attendance-view');
    await expect(view).toBeVisible();
    await expect(page.getByTestId('task-view')).toHaveCount(0);
    await expect(page.getByTestId('attendance-title')).toContainText(
      `${month.year}年${month.month}月 所定労働日数`,
    );
    await expect(page.getByTestId('attendance-title')).toContainText(REPORTER);
    // The approver reads; only HR corrects.
    await expect(page.getByRole('button', { name: '編集' })).toHaveCount(0);

    // Three tabs. The seed's days are all in-house, so the view opens there; its long day runs to
    // 23:00 with an hour of night work.
    await expect(page.getByRole('tab', { name: '現場勤怠' })).toBeVisible();
    await expect(page.getByRole('tab', { name: '社内勤怠' })).toHaveAttribute('aria-selected', 'true');
    const days = page.getByTestId('attendance-day');
    const lateDay = days.filter({ has: page.locator('[data-cell="end"]', { hasText: '23:00' }) });
    await expect(lateDay).toHaveCount(1);
    await expect(lateDay.locator('[data-cell="night_over"]')).toHaveText('1:00');
    // Weekends without a type are grey (spec §2.5).
    await expect(page.locator('[data-testid="attendance-day"][data-tone="grey"]').first()).toBeVisible();
    await expect(page.getByTestId('attendance-remark')).toContainText('深夜作業');
    await keepScreenshot(page, testInfo, 'attendance-view');

    // On a phone the daily table scrolls sideways while the day column stays where it is.
    const scroller = page.getByTestId('attendance-daily');
    const dayCell = lateDay.locator('th');
    const wide = await scroller.evaluate((el) => el.scrollWidth > el.clientWidth);
    if (wide) {
      const before = await dayCell.boundingBox();
      await scroller.evaluate((el) => el.scrollBy({ left: 200 }));
      await expect(scroller).toHaveJSProperty('scrollLeft', 200);
      expect((await dayCell.boundingBox())?.x).toBeCloseTo(before?.x ?? -1, 0);
      await keepScreenshot(page, testInfo, 'attendance-view-scrolled');
    } else {
      expect(testInfo.project.name).toBe('desktop');
    }

    await page.getByRole('tab', { name: '合併勤怠' }).click();
    await expect(page.getByRole('columnheader', { name: '外出時間' })).toBeVisible();

    const taskId = /\/(\d+)$/.exec(page.url())?.[1];
    await page.evaluate(() => localStorage.clear());
    await signInAs(page, 'hr');
    await page.goto(`/attendance/tasks/details/${taskId}`);
    await expect(page.getByTestId('attendance-view')).toBeVisible();
    await expect(page.getByRole('button', { name: '編集' })).toBeVisible();
    await keepScreenshot(page, testInfo, 'attendance-view-hr');

    // The edit button opens the correction on the entry form's grids (saving is attendance.spec.ts's).
    await page.getByRole('button', { name: '編集' }).click();
    await expect(page).toHaveURL(new RegExp(`/attendance/tasks/modify-details/${taskId}$`));
    await expect(page.getByTestId('attendance-correction').locator('select[name="type_1"]')).toBeVisible();
    await keepScreenshot(page, testInfo, 'attendance-correction');
    await page.getByRole('button', { name: 'キャンセル' }).click();
    await expect(page).toHaveURL(new RegExp(`/attendance/tasks/details/${taskId}$`));

    // The report as PDF (/attendance/pdf?task=…).
    await page.getByTestId('attendance-pdf-link').click();
    await expect(page).toHaveURL(new RegExp(`/attendance/pdf\\?task=${taskId}$`));
    const [pdf] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'PDF をダウンロード' }).click(),
    ]);
    expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
    const bytes = await readFile((await pdf.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
