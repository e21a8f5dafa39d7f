import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { PAGE_TITLES } from '../../web/src/config/page-titles.ts';
import { signIn } from './helpers.ts';

// Issue #20, acceptance 1: axe-core (WCAG 2.2 A and AA) on every route of the web's route table
// (web/src/config/page-titles.ts: the router builds its routes from the same keys), at 1280 px
// (desktop project) and 375 px (mobile project), signed in as a demo user who sees the page; once
// more with the phone drawer and the bell panel open. Nothing here writes.
//
// A new screen joins by being in the table: a plain route is opened as each demo user in turn until
// one is not refused; a route with parameters is opened through a link to it found on the pages
// already checked (demo data ids), or through one of the few ways in below.

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** In this order: the first who is not refused checks the page. */
const USERS = ['yamada', 'suzuki', 'hr', 'admin'] as const;
const REFUSED = /権限がありません|ページが見つかりません|Page not found/;

/** Last month in Asia/Tokyo: the seed's approved 勤怠報告 lies there. */
function lastMonth(): string {
  const tokyo = new Date(Date.now() + 9 * 3_600_000);
  const year = tokyo.getUTCMonth() === 0 ? tokyo.getUTCFullYear() - 1 : tokyo.getUTCFullYear();
  const month = tokyo.getUTCMonth() === 0 ? 12 : tokyo.getUTCMonth();
  return `${year}-${String(month).padStart(2, '0')}`;
}

/** Last year in Asia/Tokyo: the seed's withholding slips (源泉徴収票) are for it. */
function lastYear(): number {
  return new Date(Date.now() + 9 * 3_600_000).getUTCFullYear() - 1;
}

/** Pages (besides the route table's own) read only for their links to parameterised routes. */
const EXTRA_LINK_SOURCES = [
  `/employee/attendance/0?month=${lastMonth()}&query=${encodeURIComponent('後藤')}`,
  `/withholding?year=${lastYear()}`,
];
/** Parameterised routes reached by a button rather than a link: the id of a sibling route. */
const DERIVED: Record<string, string> = {
  '/attendance/tasks/modify-details/:id': '/attendance/tasks/details/:id',
};
/** Routes the demo data gives no record to open (none is uploaded until HR uploads a file). */
const NO_DEMO_RECORD: Record<string, string> = {
  '/expense/upload/:id': 'the demo company has no upload history',
  '/proxies/:id': 'no demo user has named an approval proxy',
};
/** Not behind the sign-in: opened signed out. */
const PUBLIC = new Set(['/login', '/login-native']);

const patterns = Object.keys(PAGE_TITLES).filter((pattern) => pattern !== '*');
const isParameterised = (pattern: string) => pattern.includes(':');
/**
 * A route with its own sub-routes (/admin/*) is opened at its root; then every page it links under
 * that root (its menu), and on each of those the first link to a record (/admin/people/5) and to
 * a page one level down (/admin/people/import), are checked as the same user.
 */
const isSplat = (pattern: string) => pattern.endsWith('/*');
const splatRoot = (pattern: string) => pattern.slice(0, -1);
const patternRegex = (pattern: string) =>
  new RegExp(`^${pattern.replace(/\/$/, '').replace(/:[A-Za-z]+/g, '([^/?#]+)')}/?$`);

interface Finding {
  url: string;
  user: string;
  id: string;
  impact: string;
  nodes: string[];
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.semi-spin-spinning, [role="progressbar"]')).toHaveCount(0);
  // Panels slide in: measure them where they stop.
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
}

const firstSegment = (pattern: string) => pattern.split('/')[1];

/** Every label of the flow chart against the fill of the shape under it (or the page): ≥ 4.5:1. */
async function flowChartContrast(page: Page, user: string): Promise<Finding[]> {
  const low = await page.locator('[data-testid="flow-chart"] svg text').evaluateAll((texts) => {
    const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const f = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    // Translucent fills over white, as drawn on the card.
    const over = (rgba: number[]) => {
      const [r = 255, g = 255, b = 255, a = 1] = rgba;
      return [r * a + 255 * (1 - a), g * a + 255 * (1 - a), b * a + 255 * (1 - a)];
    };
    return texts.flatMap((text) => {
      const group = text.closest('g');
      const shape = group?.querySelector(':scope > rect, :scope > circle');
      const fill = shape ? over(rgb(getComputedStyle(shape).fill)) : [255, 255, 255];
      const colour = over(rgb(getComputedStyle(text).fill));
      const [hi, lo] = [luminance(colour), luminance(fill)].sort((a, b) => b - a) as [number, number];
      const ratio = (hi + 0.05) / (lo + 0.05);
      return ratio < 4.5 ? [`${text.textContent ?? ''}: ${ratio.toFixed(2)}:1`] : [];
    });
  });
  const url = new URL(page.url()).pathname;
  return low.length > 0 ? [{ url, user, id: 'flow-chart contrast', impact: 'serious', nodes: low }] : [];
}

/** Runs axe and returns every critical or serious violation and every colour-contrast left undecided. */
async function audit(page: Page, user: string): Promise<Finding[]> {
  const result = await new AxeBuilder({ page })
    .withTags(TAGS)
    // The flow chart's SVG labels: axe cannot find the box behind SVG text; flowChartContrast()
    // measures them instead. An empty multi-select search box has no text to measure.
    .exclude('[data-testid="flow-chart"] svg')
    .exclude('.semi-select-multiple input[value=""]')
    .analyze();
  const url = new URL(page.url()).pathname + new URL(page.url()).search;
  const findings: Finding[] = [];
  for (const violation of result.violations)
    if (violation.impact === 'critical' || violation.impact === 'serious')
      findings.push({
        url,
        user,
        id: violation.id,
        impact: violation.impact,
        nodes: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
      });
  for (const incomplete of result.incomplete)
    if (incomplete.id === 'color-contrast')
      findings.push({
        url,
        user,
        id: 'color-contrast (incomplete)',
        impact: 'undecided',
        nodes: incomplete.nodes
          .slice(0, 5)
          .map((node) => `${node.target.join(' ')}: ${node.any[0]?.message ?? ''}`),
      });
  findings.push(...(await flowChartContrast(page, user)));
  return findings;
}

async function hrefs(page: Page): Promise<string[]> {
  return page
    .locator('a[href]')
    .evaluateAll((anchors) => anchors.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
}

async function signedIn(browser: Browser, baseURL: string, mobile: boolean, user: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    viewport: mobile ? { width: 375, height: 740 } : { width: 1280, height: 800 },
    isMobile: mobile,
    hasTouch: mobile,
  });
  const page = await context.newPage();
  await page.goto('/login-native');
  await signIn(page, user);
  await expect(page).toHaveURL(/\/home$/);
  return page;
}

test.describe('accessibility (axe-core, WCAG 2.2 A/AA)', () => {
  // One walk over every route, as each user, with axe at each stop (1.5–2 s a page on a 2-core
  // machine): about 46 audits a viewport, which on a loaded machine passed 10 minutes.
  test.describe.configure({ timeout: 900_000 });

  test('every route of the route table: no critical or serious violation, no undecided contrast', async ({
    browser,
    baseURL,
  }, testInfo) => {
    const mobile = testInfo.project.name === 'mobile';
    const findings: Finding[] = [];
    const checked = new Map<string, string>(); // pattern → url
    const ids = new Map<string, string>(); // pattern → the url path it was opened at

    // Signed out: the sign-in pages.
    const anonymousContext = await browser.newContext({ baseURL, locale: 'ja-JP' });
    const anonymous = await anonymousContext.newPage();
    for (const pattern of PUBLIC) {
      await anonymous.goto(pattern === '/login' ? '/login-native' : pattern);
      if (pattern === '/login') await anonymous.goto('/login');
      await settle(anonymous);
      findings.push(...(await audit(anonymous, '-')));
      checked.set(pattern, anonymous.url());
    }
    await anonymousContext.close();

    try {
      for (const user of USERS) {
        const page = await signedIn(browser, baseURL!, mobile, user);
        const seen = new Set<string>();
        const visit = async (url: string): Promise<boolean> => {
          await page.goto(url);
          await settle(page);
          const refused = REFUSED.test(await page.locator('#main-content').innerText());
          for (const href of await hrefs(page)) seen.add(href);
          return !refused;
        };

        for (const pattern of patterns.filter((p) => !isParameterised(p) && !checked.has(p))) {
          if (!isSplat(pattern) && (await visit(pattern))) {
            findings.push(...(await audit(page, user)));
            checked.set(pattern, page.url());
          }
        }
        for (const pattern of patterns.filter((p) => isSplat(p) && !checked.has(p))) {
          const root = splatRoot(pattern);
          const before = new Set(seen);
          seen.clear();
          if (await visit(root)) {
            findings.push(...(await audit(page, user)));
            checked.set(pattern, page.url());
            const depth = (href: string) => href.slice(root.length).split('/').filter(Boolean).length;
            const menu = [...seen].filter((href) => href.startsWith(root) && depth(href) === 1);
            const done = new Set([root, ...menu]);
            for (const url of menu) {
              seen.clear();
              if (!(await visit(url))) continue;
              findings.push(...(await audit(page, user)));
              const below = [...seen].filter((href) => href.startsWith(`${url}/`) && !done.has(href));
              const record = below.find((href) => /\/\d+$/.test(href));
              const subPage = below.find((href) => /\/[a-z-]+$/.test(href) && !href.endsWith('/new'));
              for (const next of [record, subPage]) {
                if (!next) continue;
                done.add(next);
                if (await visit(next)) findings.push(...(await audit(page, user)));
              }
            }
          }
          for (const href of before) seen.add(href);
        }
        // Links to records: this user's lists (the pages beside each parameterised route).
        const missing = patterns.filter((p) => isParameterised(p) && !checked.has(p));
        const sources = patterns.filter(
          (p) => !isParameterised(p) && missing.some((m) => firstSegment(m) === firstSegment(p)),
        );
        for (const url of [...sources, ...EXTRA_LINK_SOURCES]) await visit(url);

        // Parameterised routes: through the links seen so far, again while new ones turn up.
        for (let progress = true; progress;) {
          progress = false;
          for (const pattern of patterns.filter((p) => isParameterised(p) && !checked.has(p))) {
            const regex = patternRegex(pattern);
            const derivedFrom = DERIVED[pattern] ? ids.get(DERIVED[pattern]) : undefined;
            // A static route (/proxies/add) is not a record of /proxies/:id.
            const candidates = [...seen].filter((href) => regex.test(href) && !(href in PAGE_TITLES));
            if (derivedFrom) {
              const id = patternRegex(DERIVED[pattern]!).exec(derivedFrom)?.[1];
              if (id) candidates.unshift(pattern.replace(':id', id));
            }
            for (const url of candidates.slice(0, 3)) {
              if (await visit(url)) {
                findings.push(...(await audit(page, user)));
                checked.set(pattern, page.url());
                ids.set(pattern, new URL(page.url()).pathname);
                progress = true;
                break;
              }
            }
          }
        }

        // The not-found page once.
        if (!checked.has('*')) {
          await page.goto('/no/such/page');
          await settle(page);
          findings.push(...(await audit(page, user)));
          checked.set('*', page.url());
        }

        if (user === 'yamada') {
          // The bell panel open, and on a phone the menu drawer.
          await page.goto('/home');
          await settle(page);
          await page.getByRole('button', { name: 'お知らせ' }).click();
          await expect(page.getByRole('dialog', { name: 'お知らせ' })).toBeVisible();
          await settle(page);
          findings.push(...(await audit(page, `${user} (bell panel)`)));
          await page.keyboard.press('Escape');
          await expect(page.getByRole('dialog')).toHaveCount(0);
          await page.goto('/home');
          if (mobile) {
            await page.getByRole('button', { name: 'メニュー', exact: true }).click();
            await expect(page.getByTestId('sidebar')).toBeVisible();
            await settle(page);
            findings.push(...(await audit(page, `${user} (menu drawer)`)));
          }
        }
        await page.context().close();
      }
    } finally {
      await testInfo.attach('findings', {
        body: JSON.stringify(findings, null, 2),
        contentType: 'application/json',
      });
    }
    const missed = Object.keys(PAGE_TITLES).filter(
      (pattern) => !checked.has(pattern) && !(pattern in NO_DEMO_RECORD),
    );
    expect(missed, 'routes no demo user could open').toEqual([]);
    await testInfo.attach('checked routes', {
      body: JSON.stringify(Object.fromEntries(checked), null, 2),
      contentType: 'application/json',
    });
    expect(findings).toEqual([]);
  });
});
