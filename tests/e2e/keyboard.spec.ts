import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import { DEMO_PASSWORD } from './helpers.ts';

// Issue #20, acceptance 2: the keyboard alone. yamada signs in, opens the 休暇申請 form, fills it
// and submits; opens the bell, marks a notification read and closes the panel with Escape, focus
// back on the bell; suzuki approves the request from his approval list. After every route change
// focus is on the page heading. No mouse, no tap, no locator.fill: Tab, Shift+Tab, Enter, Space,
// arrows, Escape and typed characters.

/** A working day four weeks ahead (Asia/Tokyo): clear of the other specs' and the seed's leave. */
async function aWorkingDayAhead(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/token-auth/', {
    data: { username: 'yamada', password: DEMO_PASSWORD },
  });
  const headers = { Authorization: `JWT ${((await response.json()) as { access: string }).access}` };
  const from = new Date(Date.now() + 9 * 3_600_000 + 28 * 86_400_000);
  for (let offset = 0; offset < 3; offset++) {
    const month = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + offset, 1));
    const days = await request.get(
      `/api/task/business-days/${month.getUTCFullYear()}/${month.getUTCMonth() + 1}/`,
      { headers },
    );
    const day = ((await days.json()) as string[]).find((d) => d >= from.toISOString().slice(0, 10));
    if (day) return day;
  }
  throw new Error('no working day in the next three months');
}

async function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement).catch(() => false);
}

/** Tabs (forwards) until the target has focus; fails after `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 60): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press('Tab');
  }
  expect(await isFocused(target), `Tab never reached ${target.toString()}`).toBe(true);
}

/**
 * The keys that type an ISO day into a native date input. Its segments follow the browser's own
 * language (month/day/year in an English Chromium, year/month/day in a Japanese one), so they are
 * found on a blank page first: "1", →, "2", →, "3" tells which segment comes where.
 */
async function dateKeys(browser: Browser, isoDay: string): Promise<string[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.setContent('<input type="date" aria-label="probe">');
  await page.focus('input');
  for (const key of ['1', 'ArrowRight', '2', 'ArrowRight', '3'])
    await (key.length === 1 ? page.keyboard.type(key) : page.keyboard.press(key));
  const probe = await page.inputValue('input');
  await context.close();
  const [year, month, date] = isoDay.split('-') as [string, string, string];
  // "0003-01-02": month, day, year. "0001-02-03": year, month, day.
  if (probe === '0003-01-02') return [month, date, year];
  return [year, 'ArrowRight', month, date];
}

async function expectHeadingFocused(page: Page, title: string): Promise<void> {
  const heading = page.getByRole('heading', { level: 1, name: title });
  await expect(heading).toBeFocused();
  await expect(page.getByTestId('route-announcer')).toHaveText(title);
}

/** Follows a main-menu link: on a phone through the menu drawer, which takes and traps focus. */
async function viaMenu(page: Page, name: RegExp): Promise<void> {
  const menu = page.getByRole('button', { name: 'メニュー', exact: true });
  if (await menu.isVisible()) {
    await tabTo(page, menu);
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: '社員ポータル' });
    await expect(drawer).toBeFocused();
  }
  await tabTo(page, page.getByTestId('sidebar').getByRole('link', { name }));
  await page.keyboard.press('Enter');
}

async function signInByKeyboard(
  browser: Browser,
  baseURL: string,
  mobile: boolean,
  user: string,
): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    ...(mobile
      ? { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true }
      : { viewport: { width: 1280, height: 800 } }),
  });
  const page = await context.newPage();
  await page.goto('/login-native');
  await tabTo(page, page.locator('input[name="username"]'));
  await page.keyboard.type(user);
  await page.keyboard.press('Tab');
  await expect(page.locator('input[name="password"]')).toBeFocused();
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/home$/);
  await expectHeadingFocused(page, 'ホーム');
  return page;
}

test('keyboard only: yamada applies for leave and reads the bell, suzuki approves', async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  const mobile = testInfo.project.name === 'mobile';
  const day = await aWorkingDayAhead(request);
  const yamada = await signInByKeyboard(browser, baseURL!, mobile, 'yamada');

  // On a page the document opens on, focus stays at the start: the skip link is the first Tab stop.
  await yamada.reload();
  await expect(yamada.getByTestId('route-announcer')).toHaveText('ホーム');
  await yamada.keyboard.press('Tab');
  await expect(yamada.getByRole('link', { name: '本文へ移動' })).toBeFocused();

  await viaMenu(yamada, /^手続き/);
  await expect(yamada).toHaveURL(/\/task\/workflows$/);
  await expectHeadingFocused(yamada, '手続き一覧');

  await tabTo(yamada, yamada.getByTestId('procedure-card').filter({ hasText: '休暇申請' }));
  await yamada.keyboard.press('Enter');
  await expect(yamada).toHaveURL(/\/task\/workflows\/\d+\/create$/);
  await expectHeadingFocused(yamada, '申請の作成');

  // 休暇種別: the browser's own select; the arrow picks the first choice without opening it.
  const category = yamada.locator('[data-field="category"] select');
  await tabTo(yamada, category);
  await yamada.keyboard.press('ArrowDown');
  await expect(category).not.toHaveValue('');

  // The dates: the browser's own date input, typed segment by segment in the browser's order.
  const keys = await dateKeys(browser, day);
  for (const field of ['start_date', 'end_date']) {
    const input = yamada.locator(`[data-field="${field}"] input`).first();
    await tabTo(yamada, input);
    for (const key of keys)
      await (/^\d+$/.test(key) ? yamada.keyboard.type(key) : yamada.keyboard.press(key));
    await expect(input).toHaveValue(day);
  }
  await tabTo(yamada, yamada.locator('[data-field="reason"] textarea'));
  await yamada.keyboard.type('通院のため');

  // The hidden file input never takes focus: Tab goes from the reason to the file button.
  await yamada.keyboard.press('Tab');
  await expect(
    yamada.locator('[data-field="attachment"]').getByRole('button', { name: 'ファイルを選択' }),
  ).toBeFocused();

  await tabTo(yamada, yamada.getByRole('button', { name: '申請', exact: true }));
  await yamada.keyboard.press('Enter');
  const confirm = yamada.getByRole('dialog');
  await expect(confirm).toBeVisible();
  await tabTo(yamada, confirm.getByTestId('confirm-ok'), 10);
  await yamada.keyboard.press('Enter');
  await expect(yamada).toHaveURL(/\/task\/tasks\/unresolved\/\d+$/);
  const taskId = /\/(\d+)$/.exec(yamada.url())![1]!;
  await expectHeadingFocused(yamada, '申請中の詳細');

  // The bell: the panel takes focus and keeps it, a notification is marked read, Escape closes it.
  const bell = yamada.getByRole('button', { name: 'お知らせ' });
  await tabTo(yamada, bell);
  await yamada.keyboard.press('Enter');
  const panel = yamada.getByRole('dialog', { name: 'お知らせ' });
  await expect(panel).toBeFocused();
  const items = panel.getByTestId('notification-item');
  await expect(items.first()).toBeVisible();
  const before = await items.count();
  await tabTo(yamada, panel.getByRole('button', { name: '既読にする' }).first(), 20);
  await yamada.keyboard.press('Enter');
  await expect(items).toHaveCount(before - 1);
  for (let i = 0; i < 30; i++) {
    await yamada.keyboard.press('Tab');
    expect(await panel.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await expect(panel.getByRole('button', { name: '閉じる' })).toBeVisible();
  await yamada.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(bell).toBeFocused();

  // suzuki opens 承認待ち, the request, and approves it.
  const suzuki = await signInByKeyboard(browser, baseURL!, mobile, 'suzuki');
  await viaMenu(suzuki, /^承認待ち/);
  await expect(suzuki).toHaveURL(/\/task\/tasks\/approval$/);
  await expectHeadingFocused(suzuki, '承認待ち一覧');
  await tabTo(suzuki, suzuki.locator(`a[href^="/task/tasks/approval/${taskId}/nodes/"]`).first(), 120);
  await suzuki.keyboard.press('Enter');
  await expect(suzuki).toHaveURL(new RegExp(`/task/tasks/approval/${taskId}/nodes/\\d+$`));
  await expectHeadingFocused(suzuki, '承認');
  await tabTo(
    suzuki,
    suzuki.getByTestId('task-actions').getByRole('button', { name: '承認', exact: true }),
    120,
  );
  await suzuki.keyboard.press('Enter');
  const approve = suzuki.getByRole('dialog');
  await expect(approve).toBeVisible();
  await tabTo(suzuki, approve.getByTestId('confirm-ok'), 10);
  await suzuki.keyboard.press('Enter');
  await expect(suzuki).toHaveURL(/\/task\/tasks\/approval$/);
  await expectHeadingFocused(suzuki, '承認待ち一覧');
  await expect(suzuki.locator(`a[href^="/task/tasks/approval/${taskId}/nodes/"]`)).toHaveCount(0);
});

// Issue 37, acceptance 1: console records open from their lists by Tab and Enter; on /contacts and
// on the import every action leaves focus where the one focus rule says (never on the document).

/** Fails unless focus is on `target`, and says where it is instead (the document, most often). */
async function expectFocusOn(page: Page, target: Locator, what: string): Promise<void> {
  await expect(target, `focus on ${what}`).toBeFocused();
  expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true);
}

test('keyboard only: a person, an organisation, a group and an access record open from their lists', async ({
  browser,
  baseURL,
}, testInfo) => {
  const admin = await signInByKeyboard(browser, baseURL!, testInfo.project.name === 'mobile', 'admin');
  for (const list of ['people', 'organizations', 'groups', 'access']) {
    await admin.goto(`/admin/${list}`);
    const link = admin.getByTestId(`admin-${list}-row`).first().getByRole('link').first();
    await expect(link).toBeVisible();
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(new RegExp(`^/admin/${list}/\\d+$`));
    await tabTo(admin, link, 120);
    await admin.keyboard.press('Enter');
    await expect(admin).toHaveURL(new RegExp(`${href}$`));
    // The record's own title, not 設定, in the focused h1 (設定 is in the breadcrumb).
    const title = admin.locator('.page__heading');
    await expect(title).not.toHaveText(/^(設定|社員|組織|グループ|アカウント権限)$/);
    await expectHeadingFocused(admin, (await title.textContent())!);
    await expect(
      admin.getByRole('navigation', { name: 'パンくずリスト' }).getByRole('link', { name: '設定' }),
    ).toBeVisible();
  }
});

test('keyboard only: adding, saving and deleting a contact leave focus where the rule says', async ({
  browser,
  baseURL,
}, testInfo) => {
  // suzuki: my-records.spec changes yamada's contacts at the same time.
  const suzuki = await signInByKeyboard(browser, baseURL!, testInfo.project.name === 'mobile', 'suzuki');
  await suzuki.goto('/contacts');
  const rows = suzuki.getByTestId('contact-row');
  await expect(rows).toHaveCount(1);
  const seeded = (await rows.first().textContent())!.match(/鈴木 正/)![0];

  // Opening the form: focus on its first field.
  const add = suzuki.getByRole('button', { name: '緊急連絡先を追加' });
  await tabTo(suzuki, add);
  await suzuki.keyboard.press('Enter');
  const form = suzuki.getByRole('form', { name: '緊急連絡先の追加' });
  await expectFocusOn(suzuki, form.getByRole('textbox', { name: /^氏名/ }), 'the first field');
  await suzuki.keyboard.type('鈴木 花');
  for (const [label, text] of [
    [/^フリガナ/, 'スズキ ハナ'],
    [/^続柄/, '妹'],
    [/^電話番号/, '09012345678'],
  ] as const) {
    await tabTo(suzuki, form.getByRole('textbox', { name: label }), 5);
    await suzuki.keyboard.type(text);
  }
  // First to call: the new contact comes before the seeded one.
  const priority = form.locator('select[name="priority"]');
  await tabTo(suzuki, priority, 5);
  await suzuki.keyboard.press('ArrowUp');
  await expect(priority).toHaveValue('1');

  // Saving: focus back on the control that opened the form.
  await tabTo(suzuki, form.getByRole('button', { name: '保存' }), 5);
  await suzuki.keyboard.press('Enter');
  await expect(rows).toHaveCount(2);
  await expectFocusOn(suzuki, add, 'the add button that opened the form');

  // Deleting: the question names the contact; focus on the next row afterwards.
  await tabTo(suzuki, suzuki.getByRole('button', { name: '鈴木 花を削除' }));
  await suzuki.keyboard.press('Enter');
  const dialog = suzuki.getByRole('dialog');
  await expect(dialog).toContainText('緊急連絡先「鈴木 花（妹）」を削除します、よろしいですか？');
  await tabTo(suzuki, dialog.getByTestId('confirm-ok'), 10);
  await suzuki.keyboard.press('Enter');
  await expect(rows).toHaveCount(1);
  await expectFocusOn(suzuki, suzuki.getByRole('button', { name: `${seeded}を編集` }), 'the next row');
});

test('keyboard only: each step of the import leaves focus on its answer', async ({
  browser,
  baseURL,
}, testInfo) => {
  const mobile = testInfo.project.name === 'mobile';
  const suffix = mobile ? 'm' : 'd';
  const admin = await signInByKeyboard(browser, baseURL!, mobile, 'admin');
  await admin.goto('/admin/people/import');
  const check = admin.getByRole('button', { name: '内容を確認' });

  // No file yet: the problem is said and focused.
  await tabTo(admin, check);
  await admin.keyboard.press('Enter');
  const problem = admin.getByRole('alert').filter({ hasText: 'ファイルを選択してください。' });
  await expect(problem).toBeVisible();
  expect(await problem.evaluate((alert) => document.activeElement?.contains(alert) === true)).toBe(true);

  const header =
    '社員番号,姓,名,姓（カナ）,名（カナ）,メールアドレス,ユーザー名,入社日,所属組織,役職,組織の長,兼務,契約開始日,契約終了日,始業時刻,終業時刻';
  const row = `KB${suffix}001,鍵盤,一,ケンバン,ハジメ,kb${suffix}001@example.test,kb${suffix}001,2026-04-01,開発一課,,,,2026-04-01,,09:00,18:00`;
  const file = admin.getByLabel('ファイル', { exact: true });
  await tabTo(admin, file);
  const chooser = admin.waitForEvent('filechooser');
  await admin.keyboard.press('Space');
  await (
    await chooser
  ).setFiles({
    name: 'people.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${header}\r\n${row}\r\n`),
  });

  // 内容を確認: the preview's heading.
  await tabTo(admin, check);
  await admin.keyboard.press('Enter');
  await expectFocusOn(admin, admin.getByRole('heading', { name: /1 行、エラー 0 件/ }), 'the preview');

  // 取り込む: the summary.
  await tabTo(admin, admin.getByRole('button', { name: '取り込む' }), 10);
  await admin.keyboard.press('Enter');
  const result = admin.getByTestId('import-result');
  await expect(result).toContainText('1 名を登録しました');
  await expectFocusOn(admin, result, 'the summary');
});

test('keyboard only: hr checks a payslip file, issues it through the confirmation and reads the answer', async ({
  browser,
  baseURL,
}, testInfo) => {
  const hr = await signInByKeyboard(browser, baseURL!, testInfo.project.name === 'mobile', 'hr');
  // The 経費・給与 group of the menu is closed on /home: the page is opened by its address.
  await hr.goto('/expense/upload/');
  await expect(hr.getByRole('heading', { level: 1, name: '給与・源泉票発行' })).toBeVisible();

  // This month's 給与明細 (the form's defaults) for 斎藤 (E0037), whom no other spec reads.
  const file = hr.locator('input[type="file"]');
  await tabTo(hr, file);
  const chooser = hr.waitForEvent('filechooser');
  await hr.keyboard.press('Space');
  const header = '社員番号,氏名,支給:基本給,控除:健康保険,支給合計,控除合計,差引支給額';
  await (
    await chooser
  ).setFiles({
    name: 'salary.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${header}\r\nE0037,斎藤 翼,250000,12500,250000,12500,237500\r\n`),
  });

  await tabTo(hr, hr.getByRole('button', { name: '内容を確認' }));
  await hr.keyboard.press('Enter');
  await expectFocusOn(hr, hr.getByRole('heading', { name: /1 行、エラー 0 件/ }), 'the preview');

  await tabTo(hr, hr.getByRole('button', { name: '発行する' }), 15);
  await hr.keyboard.press('Enter');
  const dialog = hr.getByRole('dialog');
  await expect(dialog).toContainText('ファイルをアップロードします、よろしいですか？');
  await tabTo(hr, dialog.getByTestId('confirm-ok'), 5);
  await hr.keyboard.press('Enter');
  const result = hr.getByTestId('upload-result');
  await expect(result).toContainText('ファイルアップロードしました。');
  await expectFocusOn(hr, result, 'the answer');
});

test('keyboard only: the organisation chart opens an organisation, searches and shows a person', async ({
  browser,
  baseURL,
}, testInfo) => {
  const mobile = testInfo.project.name === 'mobile';
  const yamada = await signInByKeyboard(browser, baseURL!, mobile, 'yamada');
  await yamada.goto('/company/organization-chart');
  // An organisation opens with Enter (desktop: 開発部 inside the open top levels; phone: the top one).
  const toggle = mobile
    ? yamada.getByTestId('org-toggle').first()
    : yamada.getByRole('button', { name: /^システム事業部/ });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await tabTo(yamada, toggle, 120);
  await yamada.keyboard.press('Enter');
  if (mobile) await expect(yamada.getByRole('navigation', { name: '組織の階層' })).toContainText('事業本部');
  else await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  // The search box, typed into; the person opens with Enter and Escape brings focus back to its button.
  const search = yamada.getByLabel('社員を検索');
  await tabTo(yamada, search, 120);
  await yamada.keyboard.type('スズキ');
  const person = yamada.getByRole('list', { name: '検索結果' }).getByRole('button', { name: /鈴木 一郎/ });
  await expect(person).toBeVisible();
  await tabTo(yamada, person);
  await yamada.keyboard.press('Enter');
  const dialog = yamada.getByRole('dialog', { name: '鈴木 一郎' });
  await expect(dialog).toBeVisible();
  await yamada.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  expect(await isFocused(person)).toBe(true);
});

test('keyboard only: yamada opens お知らせ from the menu, a notice from the list, and goes back', async ({
  browser,
  baseURL,
}, testInfo) => {
  const mobile = testInfo.project.name === 'mobile';
  const yamada = await signInByKeyboard(browser, baseURL!, mobile, 'yamada');
  await viaMenu(yamada, /^お知らせ$/);
  await expect(yamada).toHaveURL(/\/notices$/);
  await expectHeadingFocused(yamada, 'お知らせ');
  const row = yamada
    .getByTestId('notice-row')
    .filter({ hasText: '年末年始の休業について' })
    .getByRole('link', { name: /年末年始の休業について/ });
  await tabTo(yamada, row, 120);
  await yamada.keyboard.press('Enter');
  await expect(yamada).toHaveURL(/\/notices\/\d+$/);
  const detail = yamada.getByTestId('notice-detail');
  await expect(detail).toContainText('休業期間');
  // The file opens by keyboard too; then back to the list.
  await tabTo(yamada, detail.getByRole('button', { name: /年末年始の予定\.svg/ }), 120);
  const back = yamada.getByRole('link', { name: 'お知らせ一覧へ戻る' });
  for (let i = 0; i < 20 && !(await isFocused(back)); i++) await yamada.keyboard.press('Shift+Tab');
  await expect(back).toBeFocused();
  await yamada.keyboard.press('Enter');
  await expect(yamada).toHaveURL(/\/notices$/);
});

test('keyboard only: yamada chooses an asset type and two software items on the lending form', async ({
  browser,
  baseURL,
}, testInfo) => {
  const yamada = await signInByKeyboard(browser, baseURL!, testInfo.project.name === 'mobile', 'yamada');
  await yamada.goto('/task/workflows/13/create');
  const type = yamada.getByRole('combobox', { name: /資材種別/ });
  await tabTo(yamada, type);
  // A native select: the arrow keys move through the options (ノートPC is the first after ======).
  await yamada.keyboard.press('ArrowDown');
  await expect(type).toHaveValue(/\d+/);
  await expect(yamada.getByTestId('validity-period')).toHaveText('24 か月');
  const office = yamada.getByRole('checkbox', { name: 'Microsoft 365（12 か月）' });
  const acrobat = yamada.getByRole('checkbox', { name: 'Adobe Acrobat Pro（12 か月）' });
  await tabTo(yamada, office, 5);
  await yamada.keyboard.press('Space');
  await tabTo(yamada, acrobat, 5);
  await yamada.keyboard.press('Space');
  await expect(office).toBeChecked();
  await expect(acrobat).toBeChecked();
  await expect(yamada.getByRole('checkbox', { name: 'ウイルス対策ソフト' })).not.toBeChecked();
});
