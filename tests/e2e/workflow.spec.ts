import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  fillDate,
  keepScreenshot,
  openList,
  openSidebar,
  ownRow,
  signIn,
  twoWorkingDaysFromNextWeek,
} from './helpers.ts';

// Issue #3, acceptance 5: one 休暇申請 through send-back, resubmit, two approvals and the lists.
//
// The seeded 休暇申請 (api/src/seed/demo-workflows.ts) has an optional file field 添付資料, the
// approver nodes 課長承認 (suzuki for yamada) and 部長承認 (sato), and the observer node 事業部長参照
// (observer_dispatch 14: the head of yamada's 事業部, takahashi).

const VACATION = 1;
const REASON = '家族旅行のため';
const EDITED_REASON = '家族旅行のため（日程確定）';
const SEND_BACK_COMMENT = '旅行先を理由に追記してください。';
const ATTACHMENT = 'itinerary.pdf';
/** The seed leaves two requests awaiting suzuki: yamada's 資材貸出申請 and nishimura's 勤怠報告. */
const SUZUKI_SEEDED = 2;

/** A one-page PDF, small enough to keep in the test. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 100]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A signed-in page in its own browser context. */
async function session(browser: Browser, username: string, baseURL: string, mobile: boolean): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    ...(mobile
      ? { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }
      : { viewport: { width: 1280, height: 800 } }),
  });
  const page = await context.newPage();
  await page.goto('/login-native');
  await signIn(page, username);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('page-title')).toHaveText('ホーム');
  return page;
}

/** The number on the sidebar's 承認待ち badge (0 when there is none). */
async function approvalBadge(page: Page): Promise<number> {
  await expect(page.getByTestId('page-title')).not.toBeEmpty();
  await openSidebar(page);
  const link = page.getByTestId('sidebar').getByRole('link', { name: /承認待ち/ });
  await expect(link).toBeVisible();
  const digits = /(\d+)/.exec(await link.innerText());
  return digits ? Number(digits[1]) : 0;
}

async function confirmAction(page: Page, action: string, ok: string, comment?: string): Promise<void> {
  await page.getByTestId('task-actions').getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  if (comment !== undefined) await dialog.locator('textarea[name="comment"]').fill(comment);
  await expect(dialog.getByTestId('confirm-ok')).toHaveText(ok);
  await dialog.getByTestId('confirm-ok').click();
  await expect(dialog).toBeHidden();
}

test('休暇申請 with an attachment: send back, resubmit, two approvals, finished and observable', async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  const mobile = testInfo.project.name === 'mobile';
  // Clear of yamada's seeded leave two weeks ago.
  const { start, end } = await twoWorkingDaysFromNextWeek(request);

  const suzuki = await session(browser, 'suzuki', baseURL!, mobile);
  const suzukiBefore = SUZUKI_SEEDED;
  await expect.poll(() => approvalBadge(suzuki)).toBe(suzukiBefore);

  // yamada fills in the form from the procedures page, with a PDF attached.
  const yamada = await session(browser, 'yamada', baseURL!, mobile);
  await yamada.goto('/task/workflows');
  await yamada.getByTestId('procedure-card').filter({ hasText: '休暇申請' }).first().click();
  await expect(yamada).toHaveURL(new RegExp(`/task/workflows/${VACATION}/create$`));
  await fillDate(yamada, 'start_date', start);
  await fillDate(yamada, 'end_date', end);
  await yamada.locator('[data-field="reason"] textarea').fill(REASON);
  await yamada
    .locator('[data-field="attachment"] input[type="file"]')
    .setInputFiles({ name: ATTACHMENT, mimeType: 'application/pdf', buffer: PDF });
  await expect(yamada.locator('[data-field="attachment"]').getByTestId('file-name')).toHaveText(ATTACHMENT);
  await keepScreenshot(yamada, testInfo, 'workflow-form-filled');
  await yamada.getByRole('button', { name: '申請', exact: true }).click();
  await yamada.getByRole('dialog').getByTestId('confirm-ok').click();
  await expect(yamada).toHaveURL(/\/task\/tasks\/unresolved\/\d+$/);
  const taskId = /\/(\d+)$/.exec(yamada.url())![1]!;

  // suzuki sees the badge go up and opens the request from 承認待ち.
  await suzuki.reload();
  await expect.poll(() => approvalBadge(suzuki)).toBe(suzukiBefore + 1);
  await keepScreenshot(suzuki, testInfo, 'workflow-approval-badge');
  await openList(suzuki, '承認待ち', /\/task\/tasks\/approval$/);
  const suzukiRow = ownRow(suzuki, 'approval', taskId);
  await expect(suzukiRow).toHaveCount(1);
  await keepScreenshot(suzuki, testInfo, 'workflow-approval-list');
  await suzukiRow.getByRole('link').first().click();
  await expect(suzuki).toHaveURL(new RegExp(`/task/tasks/approval/${taskId}/nodes/\\d+$`));
  await expect(suzuki.getByTestId('flow-chart')).toBeVisible();
  await expect(suzuki.getByTestId('flow-node').and(suzuki.locator('[data-status="01"]'))).toHaveCount(1);
  await expect(suzuki.getByTestId('attachment-link')).toContainText(ATTACHMENT);
  await keepScreenshot(suzuki, testInfo, 'workflow-detail-flow-chart');
  await confirmAction(suzuki, '差戻し', '差戻す', SEND_BACK_COMMENT);
  await expect(suzuki).toHaveURL(/\/task\/tasks\/approval$/);
  await expect(suzukiRow).toHaveCount(0);
  await expect.poll(() => approvalBadge(suzuki)).toBe(suzukiBefore);

  // yamada reads the comment, edits the reason and resubmits (the stored file is kept).
  await yamada.goto(`/task/tasks/unresolved/${taskId}`);
  await expect(yamada.getByTestId('comment-history')).toContainText(SEND_BACK_COMMENT);
  await yamada.getByTestId('task-actions').getByRole('button', { name: '再申請', exact: true }).click();
  await expect(yamada).toHaveURL(new RegExp(`/task/workflows/${VACATION}/create\\?resubmit=${taskId}$`));
  await expect(yamada.locator('[data-field="attachment"]').getByTestId('file-name')).toHaveText(ATTACHMENT);
  const reason = yamada.locator('[data-field="reason"] textarea');
  await expect(reason).toHaveValue(REASON);
  await reason.fill(EDITED_REASON);
  await yamada.getByRole('button', { name: '再申請', exact: true }).click();
  await yamada.getByRole('dialog').getByTestId('confirm-ok').click();
  await expect(yamada).toHaveURL(new RegExp(`/task/tasks/unresolved/${taskId}$`));
  await expect(yamada.getByTestId('task-view')).toContainText(EDITED_REASON);

  // suzuki approves; sato (部長) finds it in his list and approves too.
  await suzuki.reload();
  await expect.poll(() => approvalBadge(suzuki)).toBe(suzukiBefore + 1);
  await openList(suzuki, '承認待ち', /\/task\/tasks\/approval$/);
  await suzukiRow.getByRole('link').first().click();
  await expect(suzuki).toHaveURL(new RegExp(`/task/tasks/approval/${taskId}/nodes/\\d+$`));
  await expect(suzuki.getByTestId('task-view')).toContainText(EDITED_REASON);
  await confirmAction(suzuki, '承認', '承認する');
  await expect(suzuki).toHaveURL(/\/task\/tasks\/approval$/);
  await expect(suzukiRow).toHaveCount(0);
  await expect.poll(() => approvalBadge(suzuki)).toBe(suzukiBefore);

  const sato = await session(browser, 'sato', baseURL!, mobile);
  await openList(sato, '承認待ち', /\/task\/tasks\/approval$/);
  const satoRow = ownRow(sato, 'approval', taskId);
  await expect(satoRow).toHaveCount(1);
  await satoRow.getByRole('link').first().click();
  await expect(sato).toHaveURL(new RegExp(`/task/tasks/approval/${taskId}/nodes/\\d+$`));
  await expect(sato.getByTestId('flow-node').and(sato.locator('[data-status="90"]'))).toHaveCount(1);
  await confirmAction(sato, '承認', '承認する');
  await expect(sato).toHaveURL(/\/task\/tasks\/approval$/);
  await expect(satoRow).toHaveCount(0);

  // yamada finds it under 完了済み: every approver node grey (90), the end circle filled. She comes
  // back to the portal (a fresh load): within the 30 s staleTime an open tab would still show the
  // task detail it cached while the request was in progress.
  await yamada.goto('/home');
  await openList(yamada, '完了済み', /\/task\/tasks\/finished$/);
  await ownRow(yamada, 'finished', taskId).getByRole('link').first().click();
  await expect(yamada).toHaveURL(new RegExp(`/task/tasks/finished/${taskId}$`));
  const chart = yamada.getByTestId('flow-chart');
  await expect(chart.getByTestId('flow-end')).toHaveAttribute('data-filled', 'true');
  await expect(chart.getByTestId('flow-node').and(yamada.locator('[data-status="90"]'))).toHaveCount(2);
  await expect(
    chart.getByTestId('flow-node').and(yamada.locator('[data-status="01"], [data-status="02"]')),
  ).toHaveCount(0);
  await keepScreenshot(yamada, testInfo, 'workflow-finished-grey-chart');

  // takahashi (事業部長) observes 事業部長参照: the request is in his 閲覧可能 list.
  const takahashi = await session(browser, 'takahashi', baseURL!, mobile);
  await openList(takahashi, '閲覧可能', /\/task\/tasks\/observer$/);
  await ownRow(takahashi, 'observer', taskId).getByRole('link').first().click();
  await expect(takahashi).toHaveURL(new RegExp(`/task/tasks/observer/${taskId}$`));
  await expect(takahashi.getByTestId('flow-end')).toHaveAttribute('data-filled', 'true');
  await keepScreenshot(takahashi, testInfo, 'workflow-observer-detail');

  for (const page of [suzuki, yamada, sato, takahashi]) await page.context().close();
});
