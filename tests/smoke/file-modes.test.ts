// Issue 32, finding 8: the embedded database and its backups were open to every local user (the data
// folder 0755, most database files 0666, archives 0644). Now the folder, every file in it and every
// archive are the portal user's alone, and a start on a folder made readable by others (an older
// release, a careless copy) warns once and makes private what the portal wrote.
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gone, isAlive, killGroup, npmStart, sleep, type NpmStart } from './support/npm-start.ts';
import { runScript } from './support/portal-process.ts';

const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'portal-modes-')), 'data');
const env = { BACKUP_AUTO: 'on' };
const started: NpmStart[] = [];

/** Every path under `dir` whose group or other bits are set, with its mode. */
function openToOthers(dir: string, root = dataDir): string[] {
  const open: string[] = [];
  const walk = (file: string) => {
    const info = statSync(file);
    if ((info.mode & 0o077) !== 0)
      open.push(`${path.relative(root, file)} ${(info.mode & 0o777).toString(8)}`);
    if (info.isDirectory()) for (const name of readdirSync(file)) walk(path.join(file, name));
  };
  walk(dir);
  return open;
}

/** Makes everything readable by all, as a release before this one left it. */
function openUp(dir: string): void {
  const info = statSync(dir);
  chmodSync(dir, info.isDirectory() ? 0o755 : 0o644);
  if (info.isDirectory()) for (const name of readdirSync(dir)) openUp(path.join(dir, name));
}

async function start(): Promise<NpmStart> {
  const portal = await npmStart(dataDir, env, { viaNpm: false });
  started.push(portal);
  return portal;
}

async function stop(portal: NpmStart): Promise<void> {
  process.kill(-portal.child.pid!, 'SIGTERM');
  await portal.exited;
  expect(await gone(portal.serverPid)).toBe(true);
}

async function archives(): Promise<string[]> {
  const dir = path.join(dataDir, 'backups');
  for (let i = 0; i < 600; i++) {
    const names = readdirSync(dir, { withFileTypes: true }).filter((e) => e.name.endsWith('.tar.gz'));
    if (names.length >= 2) return names.map((e) => path.join(dir, e.name));
    await sleep(100);
  }
  throw new Error('the automatic and the manual backups were not written within 60 s');
}

describe('file modes of the data folder and the backups', () => {
  afterAll(async () => {
    for (const portal of started) {
      killGroup(portal.child);
      if (isAlive(portal.serverPid)) process.kill(portal.serverPid, 'SIGKILL');
    }
    rmSync(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('keeps the data folder, its files and the archives readable by the portal’s user only', async () => {
    const first = await start();
    // The automatic backup at start, and one asked for with `npm run backup`.
    const backup = runScript('api/src/ops/backup-cli.ts', { PORTAL_DATA_DIR: dataDir });
    expect(await backup.exited, backup.stderr()).toBe(0);
    for (const archive of await archives()) expect((statSync(archive).mode & 0o777).toString(8)).toBe('600');
    expect((statSync(dataDir).mode & 0o777).toString(8)).toBe('700');
    expect(openToOthers(dataDir)).toEqual([]);
    expect(first.output()).not.toContain('open to other users');
    await stop(first);
    expect(openToOthers(dataDir)).toEqual([]);

    // An older release's modes: the next start warns and fixes them, the one after has nothing to say.
    openUp(dataDir);
    expect(openToOthers(dataDir).length).toBeGreaterThan(100);
    const second = await start();
    expect(second.output()).toContain(`The data folder ${dataDir} was open to other users`);
    expect(openToOthers(dataDir)).toEqual([]);
    await stop(second);

    const third = await start();
    expect(third.output()).not.toContain('open to other users');
    await stop(third);
  });

  // Issue 33: the commands run without the server (seed, backup, restore) set the same umask.
  it('keeps what the seed, backup and restore commands write readable by the portal’s user only', async () => {
    // As a login shell leaves it (the commands must not rely on the caller's umask).
    process.umask(0o022);
    const root = mkdtempSync(path.join(os.tmpdir(), 'portal-modes-commands-'));
    try {
      const own = path.join(root, 'data');
      const env = { PORTAL_DATA_DIR: own };
      const seed = runScript('api/src/seed/run-seed.ts', env);
      expect(await seed.exited, seed.stderr()).toBe(0);
      const copy = path.join(root, 'copies', 'copy.tar.gz');
      const backup = runScript('api/src/ops/backup-cli.ts', env, ['--out', copy]);
      expect(await backup.exited, backup.stderr()).toBe(0);
      for (const file of [copy, `${copy}.sha256`])
        expect((statSync(file).mode & 0o777).toString(8)).toBe('600');
      expect((statSync(path.dirname(copy)).mode & 0o777).toString(8)).toBe('700');
      const restore = runScript('api/src/ops/restore-cli.ts', env, [copy, '--force']);
      expect(await restore.exited, restore.stderr()).toBe(0);
      expect(restore.stdout()).toContain('What the database held before was written to');
      expect(readdirSync(path.join(own, 'backups')).some((n) => n.startsWith('pre-restore-'))).toBe(true);
      expect(openToOthers(own, own)).toEqual([]);
      expect(openToOthers(path.dirname(copy), root)).toEqual([]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
