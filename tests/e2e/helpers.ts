import { expect, type Page, type TestInfo } from '@playwright/test';
import path from 'node:path';

export const DEMO_PASSWORD = 'demo1234';
const SCREENSHOTS = path.resolve(import.meta.dirname, '../artifacts/screenshots');

/** Signs in through the /login-native form and waits for the shell. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Keeps a screenshot as a test artefact, named by project (1280 px / 375 px) and step: the full page,
 * or with `fullPage: false` the viewport (a modal over a long page is only drawn right that way).
 */
export async function keepScreenshot(
  page: Page,
  testInfo: TestInfo,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<void> {
  const file = path.join(SCREENSHOTS, testInfo.project.name, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/** The sidebar is a drawer on a phone: open it when its toggle is there. */
export async function openSidebar(page: Page): Promise<void> {
  const sidebar = page.getByTestId('sidebar');
  const toggle = page.getByRole('button', { name: 'メニュー', exact: true });
  // Wait for the shell first: checked before it renders, neither is visible and nothing is opened.
  await expect(sidebar.or(toggle).first()).toBeVisible();
  if (!(await sidebar.isVisible())) await toggle.click();
  await expect(sidebar).toBeVisible();
}
