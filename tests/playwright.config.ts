import { defineConfig } from '@playwright/test';
import path from 'node:path';
import { CHROMIUM_LAUNCH_OPTIONS } from './support/chromium.ts';

// Each project gets its own server and database, so tests that change data cannot meet. The 'sso'
// project's server also has Lark, CAS and the mail IdP configured (fakes on 127.0.0.1), so /login goes
// to single sign-on there; the other projects keep the password-only set-up.
// `npm test` picks free ports (E2E_PORTS=desktop,mobile,sso) so a run never meets another server on
// the machine; running Playwright directly uses the fixed ones.
const [desktop = 3101, mobile = 3102, sso = 3103] = (process.env.E2E_PORTS ?? '')
  .split(',')
  .filter(Boolean)
  .map(Number);
const PORTS = { desktop, mobile, sso } as const;
const SIGN_IN_SPEC = /sign-in\.spec\.ts$/;
const root = path.resolve(import.meta.dirname, '..');

export const ARTIFACTS = path.join(root, 'tests/artifacts');

export default defineConfig({
  testDir: './e2e',
  outputDir: path.join(ARTIFACTS, 'test-results'),
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // Generous: CI's two cores, shared with the vitest lanes, have run stories 3–4× slower than a
  // quiet machine (the longest, 40 s alone, took over 150 s). Tests assert behaviour, never time; a
  // limit only stops a hang, so one limit serves every story (the route walks set their own).
  timeout: 300_000,
  // The same for an expectation: on that machine a page's answer that takes 3 s here took over 15.
  expect: { timeout: 30_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json']],
  use: {
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    screenshot: 'only-on-failure',
    // A trace records every action of every test to keep a failing one's: it took a third of a story's
    // time here (keyboard.spec 5.7 → 3.6 min) and CI keeps only the printed output. E2E_TRACE=1 keeps a
    // failure's trace when looking into one.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: SIGN_IN_SPEC,
      use: {
        browserName: 'chromium',
        baseURL: `http://127.0.0.1:${PORTS.desktop}`,
        viewport: { width: 1280, height: 800 },
      },
    },
    {
      name: 'mobile',
      testIgnore: SIGN_IN_SPEC,
      use: {
        browserName: 'chromium',
        baseURL: `http://127.0.0.1:${PORTS.mobile}`,
        viewport: { width: 375, height: 740 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
      },
    },
    {
      name: 'sso',
      testMatch: SIGN_IN_SPEC,
      use: {
        browserName: 'chromium',
        baseURL: `http://127.0.0.1:${PORTS.sso}`,
        viewport: { width: 1280, height: 800 },
      },
    },
  ],
  webServer: Object.entries(PORTS).map(([name, port]) => ({
    command: `node ${path.join(root, 'tests/support/serve.mjs')}`,
    url: `http://127.0.0.1:${port}/api/health/`,
    env: { E2E_PORT: String(port), E2E_SSO: name === 'sso' ? '1' : '0' },
    reuseExistingServer: false,
    timeout: 120_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 8_000 },
    stdout: 'ignore',
    stderr: 'pipe',
  })),
});
