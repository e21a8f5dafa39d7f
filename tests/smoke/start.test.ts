// `npm start` as a newcomer meets it: the web is built only when its sources changed, the terminal
// shows a few lines and a banner with the address and the demo accounts, not the bundler's listing.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sourcesDigest, webBuildIsCurrent } from '../../scripts/lib/web-build.mjs';
import { freePort } from '../support/server.ts';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-start-'));

/** Runs `npm start`'s script until its banner shows; returns everything it printed before that. */
async function startOnce(): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PORTAL_DATA_DIR: dataDir },
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  try {
    for (let i = 0; i < 1500 && !out.includes('停止'); i++) {
      if (child.exitCode !== null) throw new Error(`npm start exited ${child.exitCode}:\n${out}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(out, out).toContain(`http://localhost:${port}`);
    return out;
  } finally {
    await new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('npm start', () => {
  it('builds the web once, then starts without building, printing a short banner', async () => {
    await startOnce();
    expect(webBuildIsCurrent(root)).toBe(true);

    const second = await startOnce();
    expect(second).not.toContain('Building the web app');
    expect(second).not.toMatch(/assets\/.+\.js/);
    expect(second).toContain('デモアカウント admin, hr, yamada');
    expect(second).toContain('/login-native');
    expect(second.trim().split('\n').length).toBeLessThanOrEqual(12);
  });

  // On a copy in a scratch folder: the repository's own files keep their times (restoring a time
  // through a Date can land a nanosecond under the millisecond, which would force a rebuild).
  it('builds again once a source file changes', () => {
    const scratch = mkdtempSync(path.join(os.tmpdir(), 'portal-digest-'));
    try {
      const file = path.join(scratch, 'web/index.html');
      mkdirSync(path.dirname(file), { recursive: true });
      copyFileSync(path.join(root, 'web/index.html'), file);
      const before = sourcesDigest(scratch);
      expect(sourcesDigest(scratch)).toBe(before);
      const { atime, mtime } = statSync(file);
      utimesSync(file, atime, new Date(mtime.getTime() + 1000));
      expect(sourcesDigest(scratch)).not.toBe(before);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
