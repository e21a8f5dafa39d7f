import { expect, test, type Page } from '@playwright/test';
import { focusedCover, focusedKey } from './focus-checks.ts';
import { signIn } from './helpers.ts';

// Issue 37, acceptance 2 (WCAG 2.4.11, focus not obscured): the sticky bars (the top bar on every
// page, the 一時保存/申請 bar of the 勤怠報告 form) reserve their height for focus. Tabbing through
// every control of the form forwards and back, the focused control is never under a bar. The same
// check runs after focusing each control of every route in accessibility.spec.ts. Nothing is changed:
// Tab only moves focus.

/** Safety net: the form has about 40 controls a week; a walk that never wraps is a failure, not a hang. */
const MAX_STOPS = 600;

/**
 * Presses Tab (or Shift+Tab) until focus leaves the page or comes back to where it started; returns
 * each stop where the focused element was covered, and how many stops there were.
 */
async function walk(page: Page, key: 'Tab' | 'Shift+Tab'): Promise<{ stops: number; covered: string[] }> {
  const covered: string[] = [];
  let first: string | null = null;
  for (let stops = 0; stops < MAX_STOPS; stops++) {
    await page.keyboard.press(key);
    const current = await focusedKey(page);
    if (current === null || current === first) return { stops, covered };
    first ??= current;
    const cover = await focusedCover(page);
    if (cover) covered.push(cover);
  }
  throw new Error(`${key} did not leave the page after ${MAX_STOPS} stops`);
}

test('the 勤怠報告 form: no control takes focus under the top bar or the 一時保存/申請 bar', async ({
  page,
}) => {
  await page.goto('/login-native');
  // yamaguchi, not yamada: attendance.spec submits yamada's month on the same server, and a submitted
  // month is read-only, without the 一時保存/申請 bar.
  await signIn(page, 'yamaguchi');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/task/workflows');
  await page.getByTestId('procedure-card').filter({ hasText: '勤怠報告' }).click();
  const grid = page.getByRole('table', { name: '社内勤怠の日別入力' });
  await expect(grid).toBeVisible();
  const actions = page.locator('.ae-actions');
  await expect(actions).toBeVisible();
  // The bars are both there and sticky: the page scrolls under them.
  const bars = await page.evaluate(() =>
    ['.top-bar', '.ae-actions'].map(
      (selector) => getComputedStyle(document.querySelector(selector)!).position,
    ),
  );
  expect(bars).toEqual(['sticky', 'sticky']);
  expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight * 2)).toBe(
    true,
  );

  // Forwards from the top of the page, through every day's controls and 備考 to the actions.
  await page.evaluate(() => window.scrollTo(0, 0));
  const forwards = await walk(page, 'Tab');
  expect(forwards.covered).toEqual([]);
  // The walk went through the whole month: at least every day's select.
  expect(forwards.stops).toBeGreaterThan(await grid.locator('select').count());

  // Backwards from the end of the page: the settings and the summary above must clear the top bar.
  await page.keyboard.press('Shift+Tab');
  const backwards = await walk(page, 'Shift+Tab');
  expect(backwards.covered).toEqual([]);
  expect(backwards.stops).toBeGreaterThan(forwards.stops / 2);
});
