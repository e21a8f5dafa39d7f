import { expect, test } from '@playwright/test';
import { signedInPage } from './helpers.ts';

// Issue 30, acceptance 3 and 5: the organisation chart at 1280 and 375 px, and the unsupported-browser
// page (an init script takes away Object.fromEntries) while Chromium and the Lark webview load the app.

const LARK_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36 Lark/7.20.0 LarkLocale/ja_JP ChannelName/Lark';

test('yamada finds suzuki by typing すずき in the chart and opens his card', async ({
  browser,
  baseURL,
}, testInfo) => {
  const mobile = testInfo.project.name === 'mobile';
  const page = await signedInPage(browser, 'yamada', baseURL!, mobile);
  await page.goto('/company/organization-chart');
  // From 768 px a tree; on a phone a list of disclosure buttons under a breadcrumb.
  if (mobile) {
    await expect(page.getByTestId('org-chart-list')).toBeVisible();
    await expect(page.getByTestId('org-chart-tree')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: '組織の階層' })).toBeVisible();
    const top = page.getByTestId('org-toggle').first();
    await expect(top).toHaveAttribute('aria-expanded', 'false');
    await top.click();
    await expect(page.getByRole('navigation', { name: '組織の階層' }).getByText('事業本部')).toBeVisible();
  } else {
    await expect(page.getByTestId('org-chart-tree')).toBeVisible();
    await expect(page.getByRole('button', { name: /事業本部/ })).toHaveAttribute('aria-expanded', 'true');
  }
  await page.getByLabel('社員を検索').fill('すずき');
  const results = page.getByRole('list', { name: '検索結果' });
  await expect(results.getByTestId('org-person')).toHaveCount(1);
  await results.getByRole('button', { name: /鈴木 一郎/ }).click();
  const dialog = page.getByRole('dialog', { name: '鈴木 一郎' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('スズキ イチロウ');
  await expect(dialog).toContainText('開発一課');
  // Outside Lark there is no chat button; never the phone, address or birthday.
  await expect(dialog.getByText('Lark でチャット')).toHaveCount(0);
  await expect(dialog).not.toContainText('1980');
  await expect(dialog).not.toContainText('電話');
  await dialog.getByRole('button', { name: '閉じる' }).click();
  await expect(dialog).toHaveCount(0);
});

test('a browser without Object.fromEntries gets the unsupported-browser page', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL });
  await context.addInitScript(() => {
    delete (Object as { fromEntries?: unknown }).fromEntries;
  });
  const page = await context.newPage();
  await page.goto('/login-native');
  await expect(page.getByRole('heading', { name: 'サポートしないブラウザです。' })).toBeVisible();
  await expect(page.getByText(/Lark アプリ.*Chrome.*Edge.*Safari.*Firefox/)).toBeVisible();
  await expect(page.locator('#root')).toHaveCount(0);
  await context.close();
});

for (const [name, userAgent] of [
  ['Chromium', undefined],
  ['Chromium with the Lark webview user agent', LARK_UA],
] as const) {
  test(`${name} loads the app`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, ...(userAgent ? { userAgent } : {}) });
    const page = await context.newPage();
    await page.goto('/login-native');
    await expect(page.locator('input[name="username"]')).toBeVisible();
    await expect(page.getByText('サポートしないブラウザです。')).toHaveCount(0);
    await context.close();
  });
}
