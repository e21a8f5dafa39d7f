import { expect, test, type Page } from '@playwright/test';
import { expectToast, keepScreenshot, openSidebar, recordToasts, signIn } from './helpers.ts';

// Issue #3, the administration and proxy screens: an administrator edits a workflow's field and its
// nodes (confirming before saving and before removing a node); yamada adds an approval proxy, finds
// it in the list, edits it and deletes it after confirming. 資材購入申請 (14) is used because no other
// browser test touches it; yamada approves nothing, so his proxy changes no one's lists.

const PURCHASE = 14;
const SAVE_WORKFLOW = 'ワークフローを保存します、よろしいですか？';
const REMOVE_NODE = 'ノードを削除します、よろしいですか？';
const DELETE = '削除します、よろしいですか？';
const SAVED = '保存しました。';
const DELETED = '削除しました。';

/** Today and a day some weeks on, Asia/Tokyo, as YYYY-MM-DD. */
function tokyoDay(offsetDays = 0): string {
  return new Date(Date.now() + 9 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

async function signedIn(page: Page, username: string): Promise<void> {
  await page.goto('/login-native');
  await signIn(page, username);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('page-title')).toHaveText('ホーム');
}

/** The confirm dialog showing `message`: its OK button must read `ok`. */
async function confirmWith(page: Page, message: string, ok: string): Promise<void> {
  const dialog = page.getByRole('dialog').filter({ hasText: message });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('confirm-ok')).toHaveText(ok);
  await dialog.getByTestId('confirm-ok').click();
  await expect(dialog).toBeHidden();
}

test('an administrator edits a workflow field and its nodes, confirming each step', async ({
  page,
}, testInfo) => {
  await signedIn(page, 'admin');

  // From the sidebar's ワークフロー管理 group to the list.
  await openSidebar(page);
  const sidebar = page.getByTestId('sidebar');
  const listLink = sidebar.getByRole('link', { name: 'ワークフロー', exact: true });
  if (!(await listLink.isVisible())) await sidebar.getByText('ワークフロー管理', { exact: true }).click();
  await listLink.click();
  await expect(page).toHaveURL(/\/workflow\/workflows$/);
  const row = page.getByTestId('workflow-row').filter({ hasText: '資材購入申請' });
  await expect(row).toHaveCount(1);
  await expect(page.getByTestId('workflow-row').filter({ hasText: '休暇申請' })).toHaveCount(1);
  await keepScreenshot(page, testInfo, 'workflow-admin-list');

  await row.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/workflow/workflows/${PURCHASE}$`));
  const form = page.getByTestId('workflow-form');
  const label = form.locator('input[name="fields.0.label"]');
  await expect(label).toHaveValue('品名');

  // Cancelling the confirmation saves nothing; confirming saves the whole workflow.
  await label.fill('品名（型番まで）');
  await form.getByRole('button', { name: '保存', exact: true }).click();
  const saveDialog = page.getByRole('dialog').filter({ hasText: SAVE_WORKFLOW });
  await expect(saveDialog).toBeVisible();
  await keepScreenshot(page, testInfo, 'workflow-admin-save-confirm', { fullPage: false });
  await saveDialog.getByRole('button', { name: 'キャンセル' }).click();
  await expect(saveDialog).toBeHidden();
  await recordToasts(page);
  await form.getByRole('button', { name: '保存', exact: true }).click();
  await confirmWith(page, SAVE_WORKFLOW, '保存する');
  await expectToast(page, SAVED);
  await page.reload();
  await expect(page.getByTestId('workflow-form').locator('input[name="fields.0.label"]')).toHaveValue(
    '品名（型番まで）',
  );

  // Rename the 部長 node in its dialog.
  const nodes = page.getByTestId('workflow-nodes');
  await nodes.getByRole('button', { name: '部長承認 を編集' }).click();
  const nodeDialog = page.getByRole('dialog').filter({ has: page.getByTestId('node-save') });
  await expect(nodeDialog).toBeVisible();
  await nodeDialog.locator('input[name="name"]').fill('部長決裁');
  await keepScreenshot(page, testInfo, 'workflow-admin-node-dialog', { fullPage: false });
  await nodeDialog.getByTestId('node-save').click();
  await expect(nodeDialog).toBeHidden();
  await expect(nodes.getByTestId('node-item').filter({ hasText: '部長決裁' })).toHaveCount(1);
  await expect(nodes.getByTestId('node-item').filter({ hasText: '部長承認' })).toHaveCount(0);

  // Add an observer node (code 95: everyone in the 部), then remove it after confirming.
  await nodes.getByRole('button', { name: 'ノードを追加', exact: true }).click();
  await expect(nodeDialog).toBeVisible();
  await nodeDialog.locator('input[name="code"]').fill('95');
  await nodeDialog.locator('input[name="name"]').fill('部内参照');
  await nodeDialog.locator('select[name="observer_dispatch"]').selectOption('32');
  await nodeDialog.getByTestId('node-save').click();
  await expect(nodeDialog).toBeHidden();
  const added = nodes.getByTestId('node-item').filter({ hasText: '部内参照' });
  await expect(added).toHaveCount(1);
  await expect(added).toContainText('参照');

  await recordToasts(page);
  await added.getByRole('button', { name: '部内参照 を削除' }).click();
  await expect(page.getByRole('dialog').filter({ hasText: REMOVE_NODE })).toBeVisible();
  await keepScreenshot(page, testInfo, 'workflow-admin-remove-node-confirm', { fullPage: false });
  await confirmWith(page, REMOVE_NODE, '削除する');
  await expect(added).toHaveCount(0);
  await expectToast(page, DELETED);
  await keepScreenshot(page, testInfo, 'workflow-admin-editor');
});

test('yamada adds an approval proxy, finds it in the list, edits and deletes it', async ({
  page,
}, testInfo) => {
  await signedIn(page, 'yamada');
  const start = tokyoDay();
  const end = tokyoDay(14);
  const later = tokyoDay(21);

  await page.getByRole('button', { name: 'ユーザーメニュー' }).click();
  await page.getByRole('menuitem', { name: '承認代理' }).click();
  await expect(page).toHaveURL(/\/proxies$/);
  await expect(page.getByTestId('proxy-row')).toHaveCount(0);

  await page.getByRole('button', { name: '新規追加', exact: true }).click();
  await expect(page).toHaveURL(/\/proxies\/add$/);
  // Saving an empty form shows the field messages under their fields.
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expect(page.getByText('代理承認者 は必須項目です。')).toBeVisible();
  await page.locator('input[name="proxy_search"]').fill('森');
  const proxySelect = page.locator('select[name="proxy_id"]');
  const option = proxySelect.locator('option', { hasText: '森 さくら' });
  await expect(option).toHaveCount(1);
  await proxySelect.selectOption((await option.getAttribute('value'))!);
  await page.locator('input[name="start_date"]').fill(start);
  await page.locator('input[name="end_date"]').fill(end);
  await keepScreenshot(page, testInfo, 'proxy-add-form');
  await page.getByRole('button', { name: '保存', exact: true }).click();

  await expect(page).toHaveURL(/\/proxies$/);
  const row = page.getByTestId('proxy-row').filter({ hasText: '森 さくら' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`${start} 〜 ${end}`);
  await expect(row.getByTestId('proxy-status')).toHaveAttribute('data-status', 'active');
  await keepScreenshot(page, testInfo, 'proxy-list');

  await row.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/proxies\/\d+$/);
  const detailUrl = page.url();
  await expect(page.getByTestId('proxy-header')).toContainText('山田 太郎');
  await page.locator('input[name="end_date"]').fill(later);
  await recordToasts(page);
  await page.getByRole('button', { name: '保存', exact: true }).click();
  await expectToast(page, SAVED);
  await keepScreenshot(page, testInfo, 'proxy-detail');

  await page.getByRole('button', { name: '一覧へ戻る', exact: true }).click();
  await expect(page).toHaveURL(/\/proxies$/);
  await expect(row).toContainText(`${start} 〜 ${later}`);

  // Deleting asks first; cancelling keeps it.
  await page.goto(detailUrl);
  await page.getByRole('button', { name: '削除', exact: true }).click();
  const deleteDialog = page.getByRole('dialog').filter({ hasText: DELETE });
  await expect(deleteDialog).toBeVisible();
  await keepScreenshot(page, testInfo, 'proxy-delete-confirm', { fullPage: false });
  await deleteDialog.getByRole('button', { name: 'キャンセル' }).click();
  await expect(deleteDialog).toBeHidden();
  await expect(page).toHaveURL(detailUrl);
  await page.getByRole('button', { name: '削除', exact: true }).click();
  await confirmWith(page, DELETE, '削除する');
  await expect(page).toHaveURL(/\/proxies$/);
  await expect(page.getByTestId('proxy-row')).toHaveCount(0);
});
