import { defineConfig } from '@playwright/test';
import path from 'node:path';

// Each project gets its own server and database, so tests that change data cannot meet.
const PORTS = { desktop: 3101, mobile: 3102 } as const;
const root = path.resolve(import.meta.dirname, '..');

export const ARTIFACTS = path.join(root, 'tests/artifacts');

export default defineConfig({
  testDir: './e2e',
  outputDir: path.join(ARTIFACTS, 'test-results'),
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json']],
  use: {
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'desktop',
      use: {
        browserName: 'chromium',
        baseURL: `http://127.0.0.1:${PORTS.desktop}`,
        viewport: { width: 1280, height: 800 },
      },
    },
    {
      name: 'mobile',
      use: {
        browserName: 'chromium',
        baseURL: `http://127.0.0.1:${PORTS.mobile}`,
        viewport: { width: 375, height: 740 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
      },
    },
  ],
  webServer: Object.values(PORTS).map((port) => ({
    command: `node ${path.join(root, 'tests/support/serve.mjs')}`,
    url: `http://127.0.0.1:${port}/api/health/`,
    env: { E2E_PORT: String(port) },
    reuseExistingServer: false,
    timeout: 120_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 8_000 },
    stdout: 'ignore',
    stderr: 'pipe',
  })),
});
