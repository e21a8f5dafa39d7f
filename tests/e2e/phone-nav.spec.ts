import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers.ts';

// Issue 37, findings 7 and 9: at 375 px the ☰ drawer holds the user menu's screens in groups and the
// menu button shows a name; at either width the bell's count lies inside the screen, and the console's
// tab bar keeps the current tab in view, fading the edge that hides more tabs when it must scroll.

async function signedIn(page: Page, username: string): Promise<void> {
  await page.goto('/login-native');
  await signIn(page, username);
  await expect(page).toHaveURL(/\/home$/);
}

test("the user menu's screens: in the phone's drawer, in their groups; the menu button shows the name", async ({
  page,
}, testInfo) => {
  const mobile = testInfo.project.name === 'mobile';
  await signedIn(page, 'yamada');
  const menuButton = page.getByRole('button', { name: /ユーザーメニュー/ });
  await expect(menuButton).toHaveText(mobile ? /^山田/ : /山田 太郎/);
  await expect(menuButton).toHaveAccessibleName('山田 太郎 ユーザーメニュー');
  if (!mobile) {
    // The wide sidebar leaves them to the user menu beside it.
    await expect(page.getByTestId('sidebar').getByRole('link', { name: 'ホーム' })).toBeVisible();
    await expect(page.getByTestId('sidebar').getByText('自分の記録')).toHaveCount(0);
    await menuButton.click();
    await expect(page.getByRole('menuitem', { name: '給与明細' })).toBeVisible();
    return;
  }
  await page.getByRole('button', { name: 'メニュー', exact: true }).click();
  const drawer = page.getByTestId('sidebar');
  await drawer.getByRole('button', { name: '自分の記録' }).click();
  const records = ['プロフィール', '緊急連絡先', '銀行口座', '給与明細', '源泉徴収票', '休暇履歴'];
  for (const name of records) await expect(drawer.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(drawer.getByRole('link', { name: '承認代理', exact: true })).toBeVisible();
  await drawer.getByRole('link', { name: '給与明細', exact: true }).click();
  await expect(page).toHaveURL(/\/payment-slip$/);
  await expect(page.getByTestId('sidebar')).toBeHidden();
});

test("the bell's unread count lies inside the screen", async ({ page }) => {
  await signedIn(page, 'yamada');
  const count = page.locator('.top-bar__badge .semi-badge-count');
  await expect(count).toBeVisible();
  const box = (await count.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
});

test("the console's tab bar keeps the current tab in view and fades the edge hiding more", async ({
  page,
}) => {
  await signedIn(page, 'admin');
  await page.goto('/admin/');
  const bar = page.getByRole('navigation', { name: '管理メニュー' });
  const tabs = bar.getByRole('link');
  await expect(tabs.first()).toHaveAttribute('aria-current', 'page');
  const scrolls = await bar.evaluate((nav) => nav.scrollWidth > nav.clientWidth);
  // A fade on the right exactly when tabs are hidden there.
  if (scrolls) await expect(bar).toHaveClass(/admin-nav--more-end/);
  else await expect(bar).not.toHaveClass(/admin-nav--more-end/);
  await expect(bar).not.toHaveClass(/admin-nav--more-start/);

  // The last tab's page: the tab is in view; when the bar scrolls, the left edge fades now.
  const last = tabs.last();
  await page.goto((await last.getAttribute('href'))!);
  await expect(last).toHaveAttribute('aria-current', 'page');
  if (scrolls) await expect(bar).toHaveClass(/admin-nav--more-start/);
  const [tab, nav] = await Promise.all([last.boundingBox(), bar.boundingBox()]);
  expect(tab!.x).toBeGreaterThanOrEqual(nav!.x);
  expect(tab!.x + tab!.width).toBeLessThanOrEqual(nav!.x + nav!.width + 1);
});
