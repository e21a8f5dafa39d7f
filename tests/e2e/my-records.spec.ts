// Issue 13, as yamada at 1280 and 375 px: the user menu's profile, emergency contacts and bank
// accounts screens (none shows 準備中です); he edits his address with the postal-code lookup, adds an
// emergency contact, adds a bank account by typing 'みずほ' and then a branch by its code; hr sees
// the changes in the bell.
import { expect, test, type Page } from '@playwright/test';
import { expectToast, keepScreenshot, recordToasts, signIn } from './helpers.ts';

async function openFromUserMenu(page: Page, item: string, title: string): Promise<void> {
  await page.getByRole('button', { name: 'ユーザーメニュー' }).click();
  await page.getByRole('menuitem', { name: item }).click();
  await expect(page.getByTestId('page-title')).toHaveText(title);
  await expect(page.getByText('準備中です')).toHaveCount(0);
}

/** A form control by its label; a required field's label ends with the （*） mark. */
function field(page: Page, label: string) {
  const escaped = label.replace(/[()（）]/g, (c) => `\\${c}`);
  return page.getByLabel(new RegExp(`^${escaped}(（\\*）)?$`));
}

async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'ユーザーメニュー' }).click();
  await page.getByText('ログアウト', { exact: true }).click();
  const confirm = page.getByRole('dialog');
  await confirm.getByRole('button', { name: 'ログアウト' }).click();
  await expect(page).toHaveURL(/\/login/);
}

test('yamada keeps his records up to date and hr is told in the bell', async ({ page }, testInfo) => {
  await page.goto('/login-native');
  await signIn(page, 'yamada');
  await expect(page).toHaveURL(/\/home$/);

  // Profile: HR's fields read-only, the address found from the postal code.
  await openFromUserMenu(page, 'プロフィール', 'プロフィール');
  await expect(page.getByText('E0', { exact: false }).first()).toBeVisible();
  const postal = field(page, '郵便番号');
  await postal.fill('1000001');
  await page.getByRole('button', { name: '住所検索' }).click();
  const address = field(page, '住所');
  await expect(address).toHaveValue('東京都千代田区千代田');
  await address.press('End');
  await address.pressSequentially('1-1 千代田ビル3階');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('保存しました。')).toBeVisible();
  await expect(postal).toHaveValue('100-0001');
  await keepScreenshot(page, testInfo, 'profile');

  // Emergency contacts: add his mother.
  await openFromUserMenu(page, '緊急連絡先', '緊急連絡先');
  await expect(page.getByTestId('contact-row')).toHaveCount(1);
  await page.getByRole('button', { name: '緊急連絡先を追加' }).click();
  await field(page, '氏名').fill('山田 光子');
  await field(page, 'フリガナ').fill('やまだ みつこ');
  await field(page, '続柄').fill('母');
  await field(page, '電話番号').fill('09098765432');
  await recordToasts(page);
  await page.getByRole('button', { name: '保存' }).click();
  await expectToast(page, '保存しました。');
  const mother = page.getByTestId('contact-row').filter({ hasText: '山田 光子' });
  await expect(mother).toBeVisible();
  await expect(mother).toContainText('090-9876-5432');
  await keepScreenshot(page, testInfo, 'contacts');

  // Bank accounts: an expense account at みずほ, 新宿 found by its code 240.
  await openFromUserMenu(page, '銀行口座', '銀行口座');
  await expect(page.getByTestId('bank-account-row')).toHaveCount(1);
  await page.getByRole('button', { name: '口座を追加' }).click();
  await expect(field(page, '用途')).toHaveValue('expense');
  await field(page, '銀行').fill('みずほ');
  await page
    .getByRole('list', { name: '銀行の候補' })
    .getByRole('button')
    .filter({ hasText: '0001' })
    .click();
  await expect(page.getByTestId('bank-chosen')).toContainText('0001 みずほ');
  const branch = field(page, '支店');
  await branch.fill('24');
  await expect(page.getByText('支店コードは 3 桁以上で入力してください。')).toBeVisible();
  await branch.fill('240');
  await page.getByRole('list', { name: '支店の候補' }).getByRole('button').filter({ hasText: '240' }).click();
  await expect(page.getByTestId('branch-chosen')).toContainText('240 新宿');
  await field(page, '口座番号（7桁）').fill('0012345');
  await field(page, '口座名義（カナ）').fill('やまだ たろう');
  await expect(page.getByTestId('holder-preview')).toContainText('ﾔﾏﾀﾞ ﾀﾛｳ');
  await keepScreenshot(page, testInfo, 'bank-account-form');
  await page.getByRole('button', { name: '保存' }).click();
  const added = page.getByTestId('bank-account-row').filter({ hasText: 'みずほ' });
  await expect(added).toBeVisible();
  await expect(added).toContainText('ﾔﾏﾀﾞ ﾀﾛｳ');
  await keepScreenshot(page, testInfo, 'bank-accounts');

  await logOut(page);

  // hr: the bell tells of each change, and opens yamada's accounts read-only.
  await page.goto('/login-native');
  await signIn(page, 'hr');
  await expect(page).toHaveURL(/\/home$/);
  await page.getByRole('button', { name: 'お知らせ' }).click();
  const items = page.getByTestId('notification-item');
  await expect(items.filter({ hasText: '口座情報の変更' }).first()).toContainText(
    '山田 太郎 さんが口座情報を変更しました。',
  );
  await expect(items.filter({ hasText: '緊急連絡先の変更' }).first()).toBeVisible();
  await expect(items.filter({ hasText: 'プロフィールの変更' }).first()).toBeVisible();
  await keepScreenshot(page, testInfo, 'hr-bell', { fullPage: false });
  await items.filter({ hasText: '口座情報の変更' }).first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/band-accounts\?employee=\d+$/);
  await expect(page.getByTestId('bank-account-row').filter({ hasText: 'みずほ' })).toBeVisible();
  await expect(page.getByRole('button', { name: '口座を追加' })).toHaveCount(0);
});
