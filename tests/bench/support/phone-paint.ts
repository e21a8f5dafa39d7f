// A first visit as a mid phone inside Lark (375 px, CPU ×4, +150 ms a round trip): the largest
// contentful paint and when the first row entered the page. The routes benchmark's, and the scale
// benchmark's organisation chart of 50,000.
import type { Browser, BrowserContext } from '@playwright/test';

/** A mid phone inside Lark: what the paint figures are measured as. */
export const PHONE = { width: 375, height: 740, cpuSlowdown: 4, latencyMs: 150 };

/** Signs in through the form and returns the session to open pages with. */
export async function signIn(browser: Browser, base: string, username: string) {
  const context = await browser.newContext({ baseURL: base });
  const page = await context.newPage();
  await page.goto('/login-native');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill('demo1234');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/home');
  const state = await context.storageState();
  await context.close();
  return state;
}

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** What the page prints once its heading (and first row, where it has rows) is in the document. */
const READY = 'bench:ready';

/**
 * One cold first visit as the phone: the first and the largest contentful paint and, where the route
 * has rows, when the first one entered the page, each in ms from the navigation's start. The page tells when
 * it is ready with a console message: waiting with Playwright's locators would poll inside the page,
 * on the very main thread being measured (CPU ×4), and delayed the paint it measured by 0.3–0.8 s.
 */
export async function paint(
  browser: Browser,
  base: string,
  state: StorageState,
  route: string,
  firstRow: string | null,
) {
  const context = await browser.newContext({
    baseURL: base,
    storageState: state,
    viewport: { width: PHONE.width, height: PHONE.height },
    isMobile: true,
    hasTouch: true,
  });
  try {
    await context.addInitScript(
      ({ selector, ready }: { selector: string | null; ready: string }) => {
        const w = window as unknown as { lcp: number; fcp: number; firstRow: number | null };
        w.lcp = 0;
        w.fcp = 0;
        w.firstRow = null;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            if (entry.name === 'first-contentful-paint') w.fcp = entry.startTime;
        }).observe({ type: 'paint', buffered: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) w.lcp = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        new MutationObserver((_records, observer) => {
          if (!document.querySelector('h1')) return;
          const row = selector ? document.querySelector(selector) : null;
          if (selector && !row) return;
          if (row) w.firstRow = performance.now();
          observer.disconnect();
          console.log(ready);
        }).observe(document, { childList: true, subtree: true });
      },
      { selector: firstRow, ready: READY },
    );
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PHONE.latencyMs,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE.cpuSlowdown });
    const ready = page.waitForEvent('console', { predicate: (m) => m.text() === READY, timeout: 60_000 });
    await page.goto(route, { waitUntil: 'load' });
    await ready;
    await page.waitForLoadState('networkidle');
    // The browser reports a paint's entry a frame after it: wait for it rather than read too early.
    await page.waitForFunction(() => (window as unknown as { lcp: number }).lcp > 0, null, {
      polling: 100,
      timeout: 10_000,
    });
    return await page.evaluate(() => {
      const w = window as unknown as { lcp: number; fcp: number; firstRow: number | null };
      return { lcp: w.lcp, fcp: w.fcp, firstRow: w.firstRow };
    });
  } finally {
    await context.close();
  }
}
