import { expect, test, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { signIn } from './helpers.ts';

// Issue 37, acceptance 3 (rows): every list whose rows open a record does so through a focusable
// link in each row (the primary cell at 1280 px, the card on a phone), and nothing on the page is a
// clickable row without one. The lists are opened as a user whose demo data fills them, and the
// rows are counted first, so the check never passes on an empty list.

interface ListRoute {
  path: string;
  user: string;
  row: string;
  /** Where a row's link leads. */
  opens: RegExp;
}

const lastYear = new Date().getFullYear() - 1;

const LISTS: readonly ListRoute[] = [
  { path: '/admin/people', user: 'admin', row: 'admin-people-row', opens: /^\/admin\/people\/\d+$/ },
  {
    path: '/admin/organizations',
    user: 'admin',
    row: 'admin-organizations-row',
    opens: /^\/admin\/organizations\/\d+$/,
  },
  { path: '/admin/groups', user: 'admin', row: 'admin-groups-row', opens: /^\/admin\/groups\/\d+$/ },
  { path: '/admin/access', user: 'admin', row: 'admin-access-row', opens: /^\/admin\/access\/\d+$/ },
  { path: '/workflow/workflows', user: 'admin', row: 'workflow-row', opens: /^\/workflow\/workflows\/\d+$/ },
  { path: '/payment-slip', user: 'yamada', row: 'slip-row', opens: /^\/payment-slip\/\d+$/ },
  { path: `/withholding?year=${lastYear}`, user: 'yamada', row: 'slip-row', opens: /^\/withholding\/\d+$/ },
];

/** Rows that look or act clickable (the pointer) but hold no focusable link: none may exist. */
const clickableWithoutLink = (page: Page) =>
  page.evaluate(() => {
    const focusableLink = (element: Element) =>
      Array.from(element.querySelectorAll<HTMLAnchorElement>('a[href]')).some(
        (link) => link.tabIndex >= 0 && link.getClientRects().length > 0,
      );
    return Array.from(document.querySelectorAll('tr, li, [role="row"]'))
      .filter(
        (row) =>
          row.classList.contains('data-table__row--link') || getComputedStyle(row).cursor === 'pointer',
      )
      .filter((row) => !focusableLink(row))
      .map((row) => (row.textContent ?? '').slice(0, 60));
  });

async function signedIn(browser: Browser, options: BrowserContextOptions, user: string): Promise<Page> {
  const page = await (await browser.newContext(options)).newPage();
  await page.goto('/login-native');
  await signIn(page, user);
  await expect(page).toHaveURL(/\/home$/);
  return page;
}

test('every row that opens a record does so through a focusable link', async ({ browser }, testInfo) => {
  const { baseURL, viewport, isMobile, hasTouch, locale, timezoneId } = testInfo.project.use;
  const options = { baseURL, viewport, isMobile, hasTouch, locale, timezoneId };
  const pages = new Map<string, Page>();
  for (const list of LISTS) {
    const page = pages.get(list.user) ?? (await signedIn(browser, options, list.user));
    pages.set(list.user, page);
    await page.goto(list.path);
    const rows = page.getByTestId(list.row);
    await expect(rows.first(), `${list.path} has rows`).toBeVisible();
    const hrefs = await rows.evaluateAll((elements) =>
      elements.map((row) =>
        Array.from(row.querySelectorAll<HTMLAnchorElement>('a[href]'))
          .filter((link) => link.tabIndex >= 0 && link.getClientRects().length > 0)
          .map((link) => link.getAttribute('href') ?? ''),
      ),
    );
    expect(hrefs.length).toBeGreaterThan(0);
    for (const links of hrefs)
      expect(
        links.some((href) => list.opens.test(href)),
        list.path,
      ).toBe(true);
    expect(await clickableWithoutLink(page), list.path).toEqual([]);
  }
  for (const page of pages.values()) await page.context().close();
});
