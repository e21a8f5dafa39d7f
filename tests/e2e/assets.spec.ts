// Issue 31 (acceptance 3): yamada asks for a ノートPC with two software items on the lending form, his
// 課長 and 総務 approve on their approval screens, and /assets shows the PC with its 管理番号; with
// 携帯電話 out of stock the form says so and his 申請 becomes a 資材購入申請; once his 課長 and 部長
// approve it, admin records it received in the console and yamada holds the new unit. The console's
// 資材の一括登録: a file's row errors in the preview, then a clean file added to stock. axe on each.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { openList, ownRow, signIn, signedInPage } from './helpers.ts';

/** axe (WCAG 2.2 A and AA, as accessibility.spec.ts): no critical or serious violation. */
async function expectAccessible(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .exclude('[data-testid="flow-chart"] svg')
    // The 申請しました toast of the request just made (Semi's own close button), gone in seconds.
    .exclude('.semi-toast-wrapper')
    .analyze();
  const serious = result.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Opens the request from the approver's 承認待ち and approves it on its approval screen. */
async function approveOnScreen(
  browser: Browser,
  username: string,
  taskId: string,
  baseURL: string,
  mobile: boolean,
): Promise<void> {
  const page = await signedInPage(browser, username, baseURL, mobile);
  await openList(page, '承認待ち', /\/task\/tasks\/approval$/);
  const row = ownRow(page, 'approval', taskId);
  await row.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/task/tasks/approval/${taskId}/nodes/\\d+$`));
  await page.getByTestId('task-actions').getByRole('button', { name: '承認', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('confirm-ok')).toHaveText('承認する');
  await dialog.getByTestId('confirm-ok').click();
  await expect(page).toHaveURL(/\/task\/tasks\/approval$/);
  await expect(row).toHaveCount(0);
  await page.context().close();
}

test('a lending, a lending without stock that becomes a purchase, and its receipt', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const mobile = testInfo.project.name === 'mobile';
  await page.goto('/login-native');
  await signIn(page, 'yamada');
  await expect(page).toHaveURL(/\/home$/);

  await page.goto('/task/workflows/13/create');
  const type = page.getByRole('combobox', { name: /資材種別/ });
  await type.selectOption({ label: 'ノートPC' });
  await expect(page.getByTestId('validity-period')).toHaveText('24 か月');
  await page.getByRole('checkbox', { name: 'Microsoft 365（12 か月）' }).check();
  await page.getByRole('checkbox', { name: 'ウイルス対策ソフト' }).check();
  await page.getByRole('textbox', { name: /理由/ }).fill('新規プロジェクトのため');
  await expectAccessible(page);
  await page.getByRole('button', { name: '申請', exact: true }).click();
  await page.getByTestId('confirm-ok').click();
  await expect(page).toHaveURL(/\/task\/tasks\/unresolved\/\d+$/);
  const lendId = /(\d+)$/.exec(page.url())![1]!;
  await expect(page.getByTestId('field-assets_type')).toHaveText(/ノートPC（24 か月）/);
  await expect(page.getByTestId('field-software_id')).toHaveCount(0);
  await expectAccessible(page);

  // His 課長 (suzuki), then 総務 (inoue), each on their approval screen.
  await approveOnScreen(browser, 'suzuki', lendId, baseURL!, mobile);
  await approveOnScreen(browser, 'inoue', lendId, baseURL!, mobile);
  await page.goto('/assets');
  // The oldest ノートPC in stock (PC-001 and PC-002 are lent in the demo data).
  await expect(page.getByText('PC-003').first()).toBeVisible();
  await expectAccessible(page);

  // 携帯電話 has no unit in stock: the form says so and 申請 files a 資材購入申請.
  await page.goto('/task/workflows/13/create');
  await page.getByRole('combobox', { name: /資材種別/ }).selectOption({ label: '携帯電話' });
  await expect(page.getByRole('status').filter({ hasText: '在庫がありません' })).toHaveText(
    '該当資材の在庫がありませんので、「申請」ボタンを押すと資材購入申請から行います。',
  );
  await page.getByRole('textbox', { name: /理由/ }).fill('外出が多いため');
  await page.getByRole('button', { name: '申請', exact: true }).click();
  await page.getByTestId('confirm-ok').click();
  await expect(page).toHaveURL(/\/task\/tasks\/unresolved\/\d+$/);
  await expect(page.getByRole('heading', { name: /資材購入申請/ })).toBeVisible();
  const purchaseId = /(\d+)$/.exec(page.url())![1]!;
  // 資材購入申請: his 課長, then the 部長 (sato).
  await approveOnScreen(browser, 'suzuki', purchaseId, baseURL!, mobile);
  await approveOnScreen(browser, 'sato', purchaseId, baseURL!, mobile);

  // admin records it received in the console; the unit goes to yamada at once.
  const admin = await signedInPage(browser, 'admin', baseURL!, mobile);
  await admin.goto('/admin/asset-purchases');
  await admin
    .getByTestId('admin-asset-purchases-row')
    .filter({ hasText: `No.${purchaseId}` })
    .getByRole('link')
    .first()
    .click();
  await expect(admin).toHaveURL(/\/admin\/asset-purchases\/\d+$/);
  await admin.getByRole('button', { name: '購入品の受領', exact: true }).click();
  const form = admin.getByRole('form', { name: '購入品の受領' });
  await form.getByRole('textbox', { name: /^管理番号/ }).fill('MB-E2E-1');
  await form.getByRole('textbox', { name: /^シリアル番号/ }).fill('SN-E2E-1');
  await expectAccessible(admin);
  await form.getByRole('button', { name: '購入品の受領', exact: true }).click();
  const outcome = admin.getByTestId('action-outcome');
  await expect(outcome).toContainText('MB-E2E-1 を在庫に加えました。');
  await expect(outcome).toContainText('MB-E2E-1 を 山田');
  await expectAccessible(admin);
  await admin.context().close();

  await page.goto('/assets');
  await expect(page.getByText('MB-E2E-1').first()).toBeVisible();
});

test('the console imports units from a file: row errors first, then every unit in stock', async ({
  browser,
  baseURL,
}, testInfo) => {
  const admin = await signedInPage(browser, 'admin', baseURL!, testInfo.project.name === 'mobile');
  await admin.goto('/admin/assets');
  await admin.getByRole('link', { name: '一括登録' }).click();
  await expect(admin).toHaveURL(/\/admin\/assets\/import$/);
  await expectAccessible(admin);

  const header = '管理番号,資材種別,シリアル番号,購入日';
  const choose = (lines: string[]) =>
    admin.getByLabel('ファイル', { exact: true }).setInputFiles({
      name: 'assets.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from([header, ...lines].join('\r\n') + '\r\n'),
    });
  // An unknown type, a 管理番号 twice in the file and one already in stock, an impossible date.
  await choose([
    'IM-001,ノートPC,"SN-1, rev.2",2026-04-01',
    'IM-002,スキャナー,,',
    'IM-001,モニター,,',
    'PC-004,ノートPC,,',
    'IM-003,タブレット,,2026-02-30',
  ]);
  await admin.getByRole('button', { name: '内容を確認' }).click();
  await expect(admin.getByRole('heading', { name: /5 行、エラー 4 件/ })).toBeVisible();
  const errors = admin.getByRole('list', { name: 'エラーの一覧' });
  await expect(errors).toContainText('3 行目「資材種別」：資材種別「スキャナー」は登録されていない');
  await expect(errors).toContainText('4 行目「管理番号」：管理番号 が 2 行目と重複しています。');
  await expect(errors).toContainText('5 行目「管理番号」：管理番号「PC-004」はすでに登録されています。');
  await expect(errors).toContainText('6 行目「購入日」');
  await expect(admin.getByRole('button', { name: '取り込む' })).toBeDisabled();
  await admin.evaluate(() => window.scrollTo(0, 0));
  await expectAccessible(admin);

  await choose(['IM-001,ノートPC,"SN-1, rev.2",2026-04-01', 'IM-002,モニター,,']);
  await admin.getByRole('button', { name: '内容を確認' }).click();
  await expect(admin.getByRole('heading', { name: /2 行、エラー 0 件/ })).toBeVisible();
  await admin.getByRole('button', { name: '取り込む' }).click();
  await expect(admin.getByTestId('import-result')).toContainText('2 台を在庫に登録しました。');
  await expectAccessible(admin);

  await admin.getByRole('link', { name: '資材の一覧を開く' }).click();
  await expect(admin).toHaveURL(/\/admin\/assets$/);
  const unit = admin.getByTestId('admin-assets-row').filter({ hasText: 'IM-001' });
  await expect(unit.first()).toContainText('SN-1, rev.2');
  await admin.context().close();
});
