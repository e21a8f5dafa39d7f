import { expect, test } from '@playwright/test';
import { signedInPage } from './helpers.ts';

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
