// The built web and the sources it was built from: a stamp in web/dist holds a digest of every
// source file's name, size and modification time, so a start (or the test run) builds only when
// something changed since the last build. Times are taken to the millisecond: a copy or a restore
// keeps no finer.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { digestOfSources } from './source-digest.mjs';

/** What the built web depends on, relative to the repository root. */
const SOURCES = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/vite.config.ts',
  'web/package.json',
  'shared/src',
  'package-lock.json',
];

export function sourcesDigest(root) {
  return digestOfSources(root, SOURCES);
}

const stampOf = (root) => path.join(root, 'web/dist/.sources');

export function webBuildIsCurrent(root) {
  const stamp = stampOf(root);
  return (
    existsSync(path.join(root, 'web/dist/index.html')) &&
    existsSync(stamp) &&
    readFileSync(stamp, 'utf8') === sourcesDigest(root)
  );
}

/** Builds web/dist unless it is current; returns false when the build failed. */
export function ensureWebBuilt(root, { log = console.log } = {}) {
  if (webBuildIsCurrent(root)) return true;
  log('Building the web app (once after each change of its sources)…');
  const digest = sourcesDigest(root);
  const build = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    // Always what ships: an inherited NODE_ENV=development would build React's development mode.
    { cwd: path.join(root, 'web'), stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  if (build.status !== 0) return false;
  writeFileSync(stampOf(root), digest);
  return true;
}
