import type { LaunchOptions } from '@playwright/test';

/**
 * Debian's Chromium, never a downloaded browser. The background-networking flags keep it from
 * calling out: this machine has no network, and refused connections slow every start.
 */
export const CHROMIUM_LAUNCH_OPTIONS: LaunchOptions = {
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
};
