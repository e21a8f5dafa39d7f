import { expect, test } from '@playwright/test';
import { keepScreenshot, signedInPage } from './helpers.ts';

// Issue 30, acceptance 3 (notices): at 1280 and 375 px the administrator publishes a 重要 notice for
// 開発部 in the console, previewing it; yamada (開発一課, below 開発部) finds it on /home in bold, in the
// bell and on /notices, and opens it; kato (営業一課) sees it nowhere.

test('admin publishes a 重要 notice for 開発部: yamada sees it on /home, in the bell and on /notices, kato does not', async ({
  browser,
  baseURL,
}, testInfo) => {
  const mobile = testInfo.project.name === 'mobile';
  const title = `サーバー移行のお知らせ ${testInfo.project.name}-${Date.now()}`;

  const admin = await signedInPage(browser, 'admin', baseURL!, mobile);
  await admin.goto('/admin/notices/new');
  const form = admin.getByRole('form', { name: 'お知らせを作成' });
  await form.getByRole('textbox', { name: /^タイトル/ }).fill(title);
  await form.getByRole('textbox', { name: /^本文/ }).fill('今夜 **22:00** からサーバーを移行します。');
  await form.getByRole('combobox', { name: /^重要度/ }).selectOption('important');
  await form.getByRole('checkbox', { name: /開発部（/ }).check();
  await form.getByLabel(/^添付/).setInputFiles({
    name: '移行手順.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n% 移行手順\n'),
  });
  await expect(form.getByRole('button', { name: '移行手順.pdf を外す' })).toBeVisible();
  const preview = form.getByTestId('notice-preview');
  await expect(preview).toContainText(title);
  await expect(preview).toContainText('重要');
  await keepScreenshot(admin, testInfo, 'notice-form');
  await form.getByRole('button', { name: '保存' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(admin.getByTestId('notice-read-count')).toContainText('既読 0 / 対象');
  await admin.context().close();

  const yamada = await signedInPage(browser, 'yamada', baseURL!, mobile);
  const card = yamada.getByTestId('home-notices');
  await expect(card.getByRole('link', { name: new RegExp(title) })).toBeVisible();
  await expect(card.locator('strong', { hasText: title })).toBeVisible();
  await yamada.getByRole('button', { name: 'お知らせ' }).click();
  const panel = yamada.getByRole('dialog', { name: 'お知らせ' });
  await expect(panel.getByTestId('notification-item').filter({ hasText: title })).toBeVisible();
  await keepScreenshot(yamada, testInfo, 'notice-bell', { fullPage: false });
  await yamada.keyboard.press('Escape');
  await yamada.goto('/notices');
  const row = yamada.getByTestId('notice-row').filter({ hasText: title });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('notice-important')).toBeVisible();
  await row.getByRole('link', { name: new RegExp(title) }).click();
  await expect(yamada).toHaveURL(/\/notices\/\d+$/);
  await expect(yamada.getByTestId('notice-detail')).toContainText('22:00');
  await expect(
    yamada.getByTestId('notice-detail').getByRole('button', { name: /移行手順\.pdf/ }),
  ).toBeVisible();
  await keepScreenshot(yamada, testInfo, 'notice-detail');
  // Opened: no longer among the unread.
  await yamada.goto('/notices?unread=1');
  await expect(yamada.getByTestId('notice-row').filter({ hasText: title })).toHaveCount(0);
  await yamada.context().close();

  const kato = await signedInPage(browser, 'kato', baseURL!, mobile);
  await expect(kato.getByTestId('home-notices')).toBeVisible();
  await expect(kato.getByTestId('home-notices')).not.toContainText(title);
  await kato.goto('/notices');
  await expect(kato.getByTestId('notice-row').first()).toBeVisible();
  await expect(kato.getByTestId('notice-row').filter({ hasText: title })).toHaveCount(0);
  await kato.context().close();
});
