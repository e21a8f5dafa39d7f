import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signedInPage } from './helpers.ts';

/** axe (WCAG 2.2 A and AA, as accessibility.spec.ts): no critical or serious violation. */
async function expectAccessible(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    // The 保存しました toast (Semi's own close button), gone in seconds.
    .exclude('.semi-toast-wrapper')
    .analyze();
  const serious = result.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

// Issue 30, acceptance 3 (the manual's part): at 1280 and 375 px yamada searches the manual for 有給,
// reads the match marked in the results and opens the page; on a phone the 目次 folds behind a button.

test('yamada searches the manual for 有給 and opens the page', async ({ browser, baseURL }, testInfo) => {
  const mobile = testInfo.project.name === 'mobile';
  const page = await signedInPage(browser, 'yamada', baseURL!, mobile);
  await page.goto('/manual');
  await expect(page.getByText('準備中です')).toHaveCount(0);
  const contents = page.getByRole('navigation', { name: '目次' });
  if (mobile) {
    const toggle = contents.getByRole('button', { name: '目次' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(contents.getByRole('link', { name: '承認代理' })).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(contents.getByRole('link', { name: '承認代理' })).toBeVisible();
    await toggle.click();
  } else {
    await expect(contents.getByRole('link', { name: '承認代理' })).toBeVisible();
  }

  await page.getByRole('searchbox', { name: 'キーワード' }).fill('有給');
  await page.getByRole('button', { name: '検索' }).click();
  await expect(page).toHaveURL(/\/manual\?q=/);
  const results = page.getByRole('list', { name: '検索結果' });
  const hit = results.getByRole('link', { name: '休暇申請と有給休暇' });
  await expect(hit).toBeVisible();
  await expect(hit.locator('mark')).toHaveText('有給');
  await expect(results.locator('p mark').first()).toHaveText('有給');

  await hit.click();
  await expect(page).toHaveURL(/\/manual\/\d+$/);
  await expect(page.getByRole('heading', { name: '休暇申請と有給休暇' })).toBeVisible();
  await expect(page.getByText(/最終更新：\d{4}-\d{2}-\d{2} \d{2}:\d{2}/)).toBeVisible();
  await expect(page.getByRole('heading', { name: '有給休暇（年次有給休暇）' })).toBeVisible();
});

test('a page shows its image attachment inline and offers its PDF', async ({
  browser,
  baseURL,
}, testInfo) => {
  const page = await signedInPage(browser, 'yamada', baseURL!, testInfo.project.name === 'mobile');
  await page.goto('/manual?q=' + encodeURIComponent('承認と差戻し'));
  await page.getByRole('list', { name: '検索結果' }).getByRole('link', { name: '承認と差戻し' }).click();
  const image = page.getByRole('img', { name: /承認の流れ/ });
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('src', /^blob:/);
  await page.goto('/manual?q=' + encodeURIComponent('給与明細'));
  await page.getByRole('list', { name: '検索結果' }).getByRole('link', { name: '給与明細の見方' }).click();
  await expect(page.getByRole('button', { name: /quick-reference\.pdf/ })).toBeVisible();
});

// Issue 30's manual attachments: uploaded in the console (they were demo data only), shown on the page.
test('admin adds a page with an image and a PDF in the console, and yamada reads it with them', async ({
  browser,
  baseURL,
}, testInfo) => {
  const mobile = testInfo.project.name === 'mobile';
  const title = `添付のあるページ ${testInfo.project.name}-${Date.now()}`;
  // A 1×1 PNG.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  const admin = await signedInPage(browser, 'admin', baseURL!, mobile);
  await admin.goto('/admin/manual/new');
  const form = admin.getByRole('form', { name: 'ページを追加' });
  await form.getByRole('textbox', { name: /^章/ }).fill('付録');
  await form.getByRole('textbox', { name: /^タイトル/ }).fill(title);
  await form
    .getByRole('textbox', { name: /^本文/ })
    .fill('![手順図](手順図.png)\n\n手順書は添付をご覧ください。');
  await form.getByLabel(/^添付/).setInputFiles([
    { name: '手順図.png', mimeType: 'image/png', buffer: png },
    { name: '手順書.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n% 手順書\n') },
  ]);
  await expect(form.getByRole('button', { name: '手順図.png を外す' })).toBeVisible();
  await expect(form.getByRole('button', { name: '手順書.pdf を外す' })).toBeVisible();
  await expectAccessible(admin);
  await form.getByRole('button', { name: '保存' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(admin.getByText('手順図.png、手順書.pdf')).toBeVisible();
  await expectAccessible(admin);
  await admin.context().close();

  const page = await signedInPage(browser, 'yamada', baseURL!, mobile);
  await page.goto('/manual?q=' + encodeURIComponent(title));
  await page.getByRole('list', { name: '検索結果' }).getByRole('link', { name: title }).click();
  const image = page.getByRole('img', { name: '手順図' });
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute('src', /^blob:/);
  await expect(page.getByRole('button', { name: /手順書\.pdf/ })).toBeVisible();
});
