// The single sign-on doors in the browser, on the 'sso' server whose API talks to the fake Lark Open
// API, the fake CAS server and a real OpenID provider on 127.0.0.1. Inside "Lark" (a Lark user agent)
// a page script stands in for Lark's H5 SDK: it hands out a code the fake Lark really issued.
import { expect, test, type Page } from '@playwright/test';

const LARK_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Lark/7.20.0 LarkLocale/ja_JP';
const APPROVAL = '/task/tasks/approval';

// Every API answer and every page the tab went to, in order, with the end of the token each call
// carried: attached to a failed test (and printed), so a sign-in that ends in an unexpected trip back
// to the login page says which call answered 401 and with which token.
const apiCalls = new WeakMap<Page, string[]>();

test.beforeEach(({ page }) => {
  const log: string[] = [];
  apiCalls.set(page, log);
  const started = Date.now();
  const stamp = () => `+${String(Date.now() - started).padStart(5)}ms`;
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) log.push(`${stamp()} page ${frame.url()}`);
  });
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/')) return;
    const request = response.request();
    const auth = request.headers()['authorization'];
    const token = auth ? `token …${auth.slice(-8)}` : 'no token';
    log.push(`${stamp()} ${response.status()} ${request.method()} ${url.pathname} (${token})`);
  });
});

test.afterEach(async ({ page }, testInfo) => {
  const log = apiCalls.get(page) ?? [];
  if (testInfo.status === testInfo.expectedStatus) return;
  await testInfo.attach('api-calls', { body: log.join('\n'), contentType: 'text/plain' });
  console.log(`API calls of "${testInfo.title}":\n${log.join('\n')}`);
});

async function fakeLarkUrl(page: Page): Promise<string> {
  const res = await page.request.get('/api/auth/methods/');
  const methods = (await res.json()) as { lark: { sdk_url: string } };
  return new URL(methods.lark.sdk_url).origin;
}

/** Defines the Lark webview's `tt`/`h5sdk` before the app runs: requestAccess answers `outcome`. */
async function standInForLarkSdk(page: Page, outcome: { code: string } | { fail: string }): Promise<void> {
  await page.addInitScript((result) => {
    const target = window as unknown as Record<string, unknown>;
    target['h5sdk'] = { config: () => undefined, ready: (fn: () => void) => fn() };
    target['tt'] = {
      requestAccess(options: { success: (res: { code: string }) => void; fail: (e: unknown) => void }) {
        setTimeout(() => {
          if ('code' in result) options.success({ code: result.code });
          else options.fail({ errMsg: result.fail });
        }, 0);
      },
    };
  }, outcome);
}

test.describe('inside Lark', () => {
  test.use({ userAgent: LARK_UA });

  test('opening the approval list signs in silently and lands there, with no logout item', async ({
    page,
  }) => {
    const lark = await fakeLarkUrl(page);
    const minted = await page.request.post(`${lark}/__fake__/codes`, { data: { open_id: 'ou_e2e_suzuki' } });
    await standInForLarkSdk(page, (await minted.json()) as { code: string });

    await page.goto(APPROVAL);
    await expect(page).toHaveURL(new RegExp(`${APPROVAL}$`));
    await expect(page.getByTestId('page-title')).not.toBeEmpty();
    await page.getByRole('button', { name: 'ユーザーメニュー' }).click();
    const menu = page.getByRole('menu', { name: 'ユーザーメニュー' });
    await expect(menu).toBeVisible();
    await expect(menu.getByText('ログアウト', { exact: true })).toHaveCount(0);
  });

  test('a refused authorization shows the failure screen with 再ログイン', async ({ page }) => {
    await standInForLarkSdk(page, { fail: 'user cancelled' });
    await page.goto(APPROVAL);
    await expect(page.getByText('ログイン失敗しました')).toBeVisible();
    await expect(page.getByRole('button', { name: '再ログイン' })).toBeVisible();
  });

  test('a Lark user with no portal account is told so', async ({ page }) => {
    const lark = await fakeLarkUrl(page);
    const minted = await page.request.post(`${lark}/__fake__/codes`, {
      data: { open_id: 'ou_e2e_stranger' },
    });
    await standInForLarkSdk(page, (await minted.json()) as { code: string });
    await page.goto(APPROVAL);
    await expect(page.getByText('ログイン失敗しました')).toBeVisible();
    await expect(page.getByText('ポータルのアカウントがありません')).toBeVisible();
  });
});

test.describe('CAS', () => {
  test('signs in through the CAS login page and continues to next', async ({ page }) => {
    await page.goto(APPROVAL);
    await expect(page.getByRole('heading', { name: 'CAS ログイン' })).toBeVisible();
    await page.getByLabel('ユーザー名').fill('yamada');
    await page.getByRole('button', { name: 'CAS でログイン' }).click();
    await expect(page).toHaveURL(new RegExp(`${APPROVAL}$`));
    await expect(page.getByTestId('page-title')).not.toBeEmpty();
  });

  test('a bad ticket shows the Japanese error with 再ログイン, which goes back to CAS', async ({ page }) => {
    await page.goto('/login?ticket=ST-forged&next=%2Fhome');
    await expect(page.getByText('CAS のチケットが無効か、期限が切れています。')).toBeVisible();
    await page.getByRole('button', { name: '再ログイン' }).click();
    await expect(page.getByRole('heading', { name: 'CAS ログイン' })).toBeVisible();
  });
});

test.describe('mail account', () => {
  test('the /login-native button signs in with the mail provider and continues to next', async ({ page }) => {
    // Issue 32: the way back carries a one-time code, never a token.
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(frame.url());
    });
    await page.goto(`/login-native?next=${encodeURIComponent(APPROVAL)}`);
    await page.getByRole('link', { name: 'メールアカウントでログイン' }).click();
    await page.getByLabel('アカウント').fill('yamada');
    await page.getByRole('button', { name: 'サインイン' }).click();
    await expect(page).toHaveURL(new RegExp(`${APPROVAL}$`));
    await expect(page.getByTestId('page-title')).not.toBeEmpty();
    expect(visited.some((url) => /\/login-native\?code=/.test(url))).toBe(true);
    expect(visited.filter((url) => /access_token|refresh=|eyJ/.test(url))).toEqual([]);
  });

  test('an address with no portal account comes back to /login-native with the reason', async ({ page }) => {
    await page.goto('/login-native?next=%2Fhome');
    await page.getByRole('link', { name: 'メールアカウントでログイン' }).click();
    await page.getByLabel('アカウント').fill('stranger');
    await page.getByRole('button', { name: 'サインイン' }).click();
    await expect(page).toHaveURL(/\/login-native\?/);
    await expect(
      page.getByText('このメールアドレスに対応するポータルのアカウントがありません。'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });

  test('a next that leaves the site is ignored', async ({ page }) => {
    await page.goto(`/login-native?next=${encodeURIComponent('https://evil.example/')}`);
    await page.getByRole('link', { name: 'メールアカウントでログイン' }).click();
    await page.getByLabel('アカウント').fill('yamada');
    await page.getByRole('button', { name: 'サインイン' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });
});
