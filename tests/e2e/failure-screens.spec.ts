import { expect, test, type Page } from '@playwright/test';
import { keepScreenshot, openSidebar, signIn } from './helpers.ts';

// Issue #12 items 11 and 13, as a user meets them: a screen whose code cannot load keeps the shell and
// offers to reload (and reloads once by itself when a new version was deployed); a permission problem
// shows the one refusal page on every guarded screen; an API that stops answering mid-session says so
// on a list instead of showing an empty one.

const CHUNK_FAILED = '画面の読み込みに失敗しました';
const NEW_VERSION_STILL_FAILING = '新しいバージョンが公開されています。';
const NO_PERMISSION = '権限がありません';
const CANNOT_CONNECT = 'サーバーに接続できません。通信環境を確認して、もう一度お試しください。';

/** The organisation chart's own chunk (organization-chart-<hash>.js). */
const CHART_CHUNK = /\/assets\/organization-chart-[^/]*\.js$/;

async function signedIn(page: Page, username: string): Promise<void> {
  await page.goto('/login-native');
  await signIn(page, username);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('page-title')).toHaveText('ホーム');
}

/** Opens a screen from the sidebar (a drawer on a phone). */
async function openFromSidebar(page: Page, name: RegExp): Promise<void> {
  await openSidebar(page);
  await page.getByTestId('sidebar').getByRole('link', { name }).click();
}

/** The top bar's bell: the shell is still there. */
const bell = (page: Page) => page.getByRole('button', { name: 'お知らせ' });

test('a screen whose code answers 404 shows the reload screen inside the shell, not a blank page', async ({
  page,
}, testInfo) => {
  await signedIn(page, 'yamada');
  // The chunk is gone, as when the server restarted on another build or the connection dropped.
  await page.route(CHART_CHUNK, (route) => route.fulfill({ status: 404 }));
  await openFromSidebar(page, /組織図/);

  await expect(page).toHaveURL(/\/company\/organization-chart$/);
  const screen = page.getByRole('alert').filter({ hasText: CHUNK_FAILED });
  await expect(screen).toBeVisible();
  await expect(screen.getByRole('button', { name: '再読み込み' })).toBeVisible();
  await expect(page.getByTestId('page-title')).toHaveText('組織図');
  await expect(bell(page)).toBeVisible();
  await keepScreenshot(page, testInfo, 'chunk-load-error', { fullPage: false });

  // Once the chunk answers again, 再読み込み brings the screen back.
  await page.unroute(CHART_CHUNK);
  await screen.getByRole('button', { name: '再読み込み' }).click();
  await expect(page.getByRole('alert').filter({ hasText: CHUNK_FAILED })).toHaveCount(0);
  await expect(page.getByTestId('page-title')).toHaveText('組織図');
  await expect(bell(page)).toBeVisible();
});

test('opening a screen whose code answers 404 directly also keeps the shell', async ({ page }) => {
  await signedIn(page, 'yamada');
  await page.route(/\/assets\/company-calendar-[^/]*\.js$/, (route) => route.fulfill({ status: 404 }));
  await page.goto('/company/calendar');
  await expect(page.getByRole('alert').filter({ hasText: CHUNK_FAILED })).toBeVisible();
  await expect(page.getByTestId('page-title')).toHaveText('会社カレンダー');
  await expect(bell(page)).toBeVisible();
});

test('after a deploy removed a screen chunk, the page reloads once by itself, never in a loop', async ({
  page,
}) => {
  await signedIn(page, 'yamada');
  // The server now deploys another build: its index.html names another entry script.
  await page.route(
    (url) => url.pathname === '/',
    async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(/\/assets\/index-[^"]+\.js/, '/assets/index-NEWBUILD.js');
      await route.fulfill({ response, body: html });
    },
  );
  await page.route(CHART_CHUNK, (route) => route.fulfill({ status: 404 }));
  let loads = 0;
  page.on('load', () => (loads += 1));

  await openFromSidebar(page, /組織図/);
  await expect(page).toHaveURL(/\/company\/organization-chart$/);
  // One reload for the new build; the chunk is still missing afterwards, so the page says so and
  // leaves reloading to the user.
  const screen = page.getByRole('alert').filter({ hasText: NEW_VERSION_STILL_FAILING });
  await expect(screen).toBeVisible();
  await expect(screen).toContainText(CHUNK_FAILED);
  await expect(screen.getByRole('button', { name: '再読み込み' })).toBeVisible();
  await expect(bell(page)).toBeVisible();
  expect(loads).toBe(1);
});

test('a user without the permission sees the same refusal page on every guarded screen', async ({
  page,
}, testInfo) => {
  // yamada holds neither the workflow administration nor the attendance export permissions.
  await signedIn(page, 'yamada');
  for (const [path, title] of [
    ['/workflow/nodes', 'ノード一覧'],
    ['/workflow/workflows', 'ワークフロー一覧'],
    ['/expense/attendance', '勤怠出力'],
  ] as const) {
    await page.goto(path);
    const refusal = page.getByTestId('forbidden');
    await expect(refusal).toBeVisible();
    await expect(refusal.getByRole('heading', { name: NO_PERMISSION })).toBeVisible();
    await expect(refusal.getByRole('link', { name: 'ホームへ戻る' })).toBeVisible();
    await expect(page.getByTestId('page-title')).toHaveText(title);
    await expect(page.getByText('Page not found')).toHaveCount(0);
    await expect(page.getByText('ワークフローがありません。')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Excel をダウンロード' })).toHaveCount(0);
    await expect(bell(page)).toBeVisible();
    if (path === '/expense/attendance')
      await keepScreenshot(page, testInfo, 'forbidden', { fullPage: false });
  }
});

test('an API that stops answering mid-session shows a connection message on a list', async ({
  page,
}, testInfo) => {
  await signedIn(page, 'suzuki');
  // The server goes away once the shell is up: every API call now fails to connect.
  let listAttempts = 0;
  await page.route('**/api/**', (route) => {
    if (new URL(route.request().url()).pathname === '/api/task/tasks/') listAttempts += 1;
    return route.abort('connectionrefused');
  });
  await openFromSidebar(page, /^承認待ち/);
  await expect(page).toHaveURL(/\/task\/tasks\/approval$/);

  const message = page.getByRole('alert').filter({ hasText: CANNOT_CONNECT });
  await expect(message).toBeVisible();
  // The message shows from the first failure while the list still retries by itself (twice); once
  // it has given up, only 再試行 asks again (else a retry could answer before the click).
  await expect.poll(() => listAttempts, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
  await expect(page.getByText('該当する申請がありません。')).toHaveCount(0);
  await expect(bell(page)).toBeVisible();
  await keepScreenshot(page, testInfo, 'cannot-connect', { fullPage: false });

  // With the server back, 再試行 loads the list.
  await page.unroute('**/api/**');
  await message.getByRole('button', { name: '再試行' }).click();
  await expect(page.getByTestId('task-row').first()).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: CANNOT_CONNECT })).toHaveCount(0);
});
