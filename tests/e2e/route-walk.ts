import { expect, type Browser, type Page } from '@playwright/test';
import { account } from '../../shared/src/endpoints/account.ts';
import { AUTH_SCHEME } from '../../shared/src/http.ts';
import { hasPerm, type PermissionHolder } from '../../shared/src/permissions.ts';
import { PAGE_TITLES } from '../../web/src/config/page-titles.ts';
import { ROUTE_PERMISSIONS } from '../../web/src/config/route-permissions.ts';
import { SESSION_STORAGE_KEY } from '../../web/src/stores/session-storage-key.ts';
import { signIn } from './helpers.ts';

// The walk of every route of the web's route table (web/src/config/page-titles.ts: the router builds
// its routes from the same keys), at the project's width, signed in as a demo user who sees the page;
// once more with the phone drawer and the bell panel open. accessibility.spec.ts runs axe at each
// stop, and focuses every control. Nothing here writes.
//
// A new screen joins by being in the table: a plain route is opened as each demo user in turn until
// one is not refused; a route with parameters is opened through a link to it found on the pages
// already checked (demo data ids), or through one of the few ways in below.

/** In this order: the first who is not refused checks the page. */
export const USERS = ['yamada', 'suzuki', 'hr', 'admin'] as const;
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
/** Routes the demo data gives no record to open. */
export const NO_DEMO_RECORD: Record<string, string> = {
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

export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.semi-spin-spinning, [role="progressbar"]')).toHaveCount(0);
  // Panels slide in: measure them where they stop.
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
}

const firstSegment = (pattern: string) => pattern.split('/')[1];

async function hrefs(page: Page): Promise<string[]> {
  return page
    .locator('a[href]')
    .evaluateAll((anchors) => anchors.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
}

export async function signedIn(
  browser: Browser,
  baseURL: string,
  mobile: boolean,
  user: string,
): Promise<Page> {
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

interface Holder extends PermissionHolder {
  readonly is_staff: boolean;
}

/** The signed-in user's permissions, as the web's guards read them (POST account/me/). */
async function holderOf(page: Page): Promise<Holder> {
  return page.evaluate(
    async ({ key, path, scheme }) => {
      const access = (JSON.parse(localStorage.getItem(key) ?? '{}') as { state?: { access?: string } }).state
        ?.access;
      const res = await fetch(path, { method: 'POST', headers: { Authorization: `${scheme} ${access}` } });
      const state = (await res.json()) as {
        me: { is_superuser: boolean; is_staff: boolean };
        perms: string[];
      };
      return { is_superuser: state.me.is_superuser, is_staff: state.me.is_staff, perms: state.perms };
    },
    { key: SESSION_STORAGE_KEY, path: account.me.path, scheme: AUTH_SCHEME },
  );
}

/**
 * Whether the web's own guards let `user` open `pattern`: the route table's permission, and is_staff
 * for the console. A user they refuse is not sent there (the visit would only show 権限がありません);
 * one they let through is still judged by what the page shows.
 */
function mayOpen(user: Holder, pattern: string): boolean {
  if (pattern.startsWith('/admin/') && !user.is_staff && !user.is_superuser) return false;
  const required = ROUTE_PERMISSIONS[pattern as keyof typeof ROUTE_PERMISSIONS];
  return required === undefined || hasPerm(user, required);
}

/** What a walk saw: each check's findings, and the url each route pattern was checked at. */
export interface WalkResult<T> {
  findings: T[];
  checked: Map<string, string>;
  /** Routes no demo user could open (and the demo data has a record for). */
  missed: string[];
}

/**
 * Opens every route of the route table as the first demo user not refused, and on a phone the menu
 * drawer, and the bell panel; `check` runs at each stop (`who` names the user and the state).
 * `onEnd` runs however the walk ends (the specs attach their findings there).
 */
export async function walkRoutes<T>({
  browser,
  baseURL,
  mobile,
  check,
  onEnd,
}: {
  browser: Browser;
  baseURL: string;
  mobile: boolean;
  check: (page: Page, who: string) => Promise<T[]>;
  onEnd?: (findings: T[]) => Promise<void>;
}): Promise<WalkResult<T>> {
  const findings: T[] = [];
  const checked = new Map<string, string>(); // pattern → url
  const ids = new Map<string, string>(); // pattern → the url path it was opened at

  // Signed out: the sign-in pages.
  const anonymousContext = await browser.newContext({ baseURL, locale: 'ja-JP' });
  const anonymous = await anonymousContext.newPage();
  for (const pattern of PUBLIC) {
    await anonymous.goto(pattern === '/login' ? '/login-native' : pattern);
    if (pattern === '/login') await anonymous.goto('/login');
    await settle(anonymous);
    findings.push(...(await check(anonymous, '-')));
    checked.set(pattern, anonymous.url());
  }
  await anonymousContext.close();

  try {
    for (const user of USERS) {
      const page = await signedIn(browser, baseURL, mobile, user);
      const holder = await holderOf(page);
      const seen = new Set<string>();
      const visit = async (url: string): Promise<boolean> => {
        await page.goto(url);
        await settle(page);
        const refused = REFUSED.test(await page.locator('#main-content').innerText());
        for (const href of await hrefs(page)) seen.add(href);
        return !refused;
      };

      for (const pattern of patterns.filter((p) => !isParameterised(p) && !checked.has(p))) {
        if (!isSplat(pattern) && mayOpen(holder, pattern) && (await visit(pattern))) {
          findings.push(...(await check(page, user)));
          checked.set(pattern, page.url());
        }
      }
      for (const pattern of patterns.filter((p) => isSplat(p) && !checked.has(p) && mayOpen(holder, p))) {
        const root = splatRoot(pattern);
        const before = new Set(seen);
        seen.clear();
        if (await visit(root)) {
          findings.push(...(await check(page, user)));
          checked.set(pattern, page.url());
          const depth = (href: string) => href.slice(root.length).split('/').filter(Boolean).length;
          const menu = [...seen].filter((href) => href.startsWith(root) && depth(href) === 1);
          const done = new Set([root, ...menu]);
          for (const url of menu) {
            seen.clear();
            if (!(await visit(url))) continue;
            findings.push(...(await check(page, user)));
            const below = [...seen].filter((href) => href.startsWith(`${url}/`) && !done.has(href));
            const record = below.find((href) => /\/\d+$/.test(href));
            const subPage = below.find((href) => /\/[a-z-]+$/.test(href) && !href.endsWith('/new'));
            for (const next of [record, subPage]) {
              if (!next) continue;
              done.add(next);
              if (await visit(next)) findings.push(...(await check(page, user)));
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
              findings.push(...(await check(page, user)));
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
        findings.push(...(await check(page, user)));
        checked.set('*', page.url());
      }

      if (user === 'yamada') {
        // The bell panel open, and on a phone the menu drawer.
        await page.goto('/home');
        await settle(page);
        await page.getByRole('button', { name: 'お知らせ' }).click();
        await expect(page.getByRole('dialog', { name: 'お知らせ' })).toBeVisible();
        await settle(page);
        findings.push(...(await check(page, `${user} (bell panel)`)));
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog')).toHaveCount(0);
        await page.goto('/home');
        if (mobile) {
          await page.getByRole('button', { name: 'メニュー', exact: true }).click();
          await expect(page.getByTestId('sidebar')).toBeVisible();
          await settle(page);
          findings.push(...(await check(page, `${user} (menu drawer)`)));
        }
      }
      await page.context().close();
    }
  } finally {
    await onEnd?.(findings);
  }
  const missed = Object.keys(PAGE_TITLES).filter(
    (pattern) => !checked.has(pattern) && !(pattern in NO_DEMO_RECORD),
  );
  return { findings, checked, missed };
}
