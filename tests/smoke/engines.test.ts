// The README promises Node 20 (≥ 20.19): every package the lockfile installs must say it runs there,
// or `npm install` greets a newcomer with EBADENGINE warnings (firebase-admin 14 wants Node 22; the
// bot stays on 13, which supports Node 18 and later).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
};
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean }>;
};

describe('the Node version the README names', () => {
  const oldest = semver.minVersion(manifest.engines.node)!.version;

  it('is 20.19', () => {
    expect(oldest).toBe('20.19.0');
  });

  it('is accepted by every package of the lockfile', () => {
    const refusing = Object.entries(lock.packages)
      .filter(([, p]) => p.engines && !Array.isArray(p.engines) && p.engines.node)
      .filter(([, p]) => !semver.satisfies(oldest, (p.engines as { node: string }).node))
      .map(([name, p]) => `${name} ${(p.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
  });
});
