import {
  expect,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
  type Response,
  type TestInfo,
} from '@playwright/test';
import path from 'node:path';

export const DEMO_PASSWORD = 'demo1234';
const SCREENSHOTS = path.resolve(import.meta.dirname, '../artifacts/screenshots');

/**
 * A toast lives 3 s. On a loaded machine the test's next look at the page can come after it has gone
 * (CI missed a 保存しました。 that way), so the page keeps the text of every toast it shows, until the
 * next page load; `expectToast` waits for one holding the text. Call this before the action.
 */
export async function recordToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    const store = window as unknown as { __toasts?: string[] };
    if (store.__toasts) return;
    const toasts: string[] = [];
    store.__toasts = toasts;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof HTMLElement)
            for (const toast of [node, ...node.querySelectorAll('.semi-toast')])
              if (toast.matches('.semi-toast')) toasts.push(toast.textContent ?? '');
    }).observe(document.body, { childList: true, subtree: true });
  });
}

/** A toast holding `text` was shown since recordToasts (it may have gone since). */
export async function expectToast(page: Page, text: string): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __toasts?: string[] }).__toasts ?? []))
    .toContainEqual(expect.stringContaining(text));
}

/**
 * Signs in through the /login-native form and returns the server's answer to it. Waiting for that
 * answer (within the test's limit, not an assertion's) keeps a slow CI machine's password check from
 * failing the caller's next URL check, and a refusal shows as its status rather than a wrong URL.
 */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<Response> {
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  const answered = page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/token-auth/',
  );
  await page.getByRole('button', { name: 'Sign in' }).click();
  return answered;
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

/** Opens a list from the sidebar (a drawer on a phone). */
export async function openList(page: Page, name: string, path: RegExp): Promise<void> {
  await expect(page.getByTestId('page-title')).not.toBeEmpty();
  await openSidebar(page);
  await page
    .getByTestId('sidebar')
    .getByRole('link', { name: new RegExp(`^${name}`) })
    .click();
  await expect(page).toHaveURL(path);
}

/**
 * A test's own request in a task list, found by the id in its row's link (/task/tasks/<list>/<id>
 * or /task/tasks/approval/<id>/nodes/<node>). Never by workflow and applicant: the seed has requests
 * of every kind, and the other specs sharing the server's database file more (keyboard.spec leaves
 * a 休暇申請 of yamada's waiting at 部長承認).
 */
export function ownRow(page: Page, list: 'approval' | 'finished' | 'observer', taskId: string): Locator {
  const path = `/task/tasks/${list}/${taskId}`;
  return page.getByTestId('task-row').filter({ has: page.locator(`a[href="${path}"], a[href^="${path}/"]`) });
}

/**
 * The first two working days from next Monday on (Asia/Tokyo), as the API's business days give them
 * (the company's calendar, read as yamada): never a holiday or a company day off, which would leave
 * a 休暇申請 without a day to take.
 */
export async function twoWorkingDaysFromNextWeek(
  request: APIRequestContext,
): Promise<{ start: string; end: string }> {
  const signIn = await request.post('/api/token-auth/', {
    data: { username: 'yamada', password: DEMO_PASSWORD },
  });
  expect(signIn.ok()).toBe(true);
  const headers = { Authorization: `JWT ${((await signIn.json()) as { access: string }).access}` };
  const tokyo = new Date(Date.now() + 9 * 3_600_000);
  const today = Date.UTC(tokyo.getUTCFullYear(), tokyo.getUTCMonth(), tokyo.getUTCDate());
  const weekday = (new Date(today).getUTCDay() + 6) % 7; // Monday 0
  const nextMonday = new Date(today + (7 - weekday) * 86_400_000);
  const days: string[] = [];
  for (let offset = 0; offset < 3 && days.length < 2; offset++) {
    const month = new Date(Date.UTC(nextMonday.getUTCFullYear(), nextMonday.getUTCMonth() + offset, 1));
    const response = await request.get(
      `/api/task/business-days/${month.getUTCFullYear()}/${month.getUTCMonth() + 1}/`,
      { headers },
    );
    expect(response.ok()).toBe(true);
    const from = nextMonday.toISOString().slice(0, 10);
    days.push(...((await response.json()) as string[]).filter((day) => day >= from));
  }
  return { start: days[0]!, end: days[1]! };
}

/** A date field of the request form (/task/workflows/<id>/create): the browser's own date input. */
export async function fillDate(page: Page, field: string, value: string): Promise<void> {
  const input = page.locator(`[data-field="${field}"] input`).first();
  await input.fill(value);
  await expect(input).toHaveValue(value);
}

/** A page of its own browser context at 375 px (a phone) or 1280 px, signed in as `username` on /home. */
export async function signedInPage(
  browser: Browser,
  username: string,
  baseURL: string,
  mobile: boolean,
): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    ...(mobile
      ? { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }
      : { viewport: { width: 1280, height: 800 } }),
    acceptDownloads: true,
  });
  const page = await context.newPage();
  await page.goto('/login-native');
  await signIn(page, username);
  await expect(page).toHaveURL(/\/home$/);
  return page;
}
