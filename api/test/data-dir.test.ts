// Issue 33, finding 8: what a killed backup or restore left (copies of every row) is removed by the next
// start: PORTAL_DATA_DIR/tmp, unfinished archives, and older releases' folders in TMPDIR once stale.
import { mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepTemporaryFiles } from '../src/ops/data-dir.ts';

let dir: string;
const inTmp: string[] = [];
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'portal-sweep-'));
});
afterAll(async () => {
  for (const file of [dir, ...inTmp]) await rm(file, { recursive: true, force: true });
});

async function oldTempFolder(prefix: string, hoursAgo: number): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), prefix));
  inTmp.push(folder);
  await writeFile(path.join(folder, 'users.jsonl'), '{"password":"…"}\n');
  const at = new Date(Date.now() - hoursAgo * 3_600_000);
  await utimes(path.join(folder, 'users.jsonl'), at, at);
  await utimes(folder, at, at);
  return folder;
}

describe('the temporary files sweep at start', () => {
  it('removes staging copies, unfinished archives and stale folders of older releases, and nothing else', async () => {
    const dataDir = path.join(dir, 'data');
    const backups = path.join(dataDir, 'backups');
    await mkdir(path.join(dataDir, 'tmp', 'restore-staging', 'pglite'), { recursive: true });
    await writeFile(path.join(dataDir, 'tmp', 'restore-staging', 'pglite', 'PG_VERSION'), '18');
    await mkdir(backups, { recursive: true });
    await writeFile(path.join(backups, 'auto-20261125T030000Z.tar.gz'), 'done');
    await writeFile(path.join(backups, 'manual-20261126T030000Z.tar.gz.partial'), 'half');
    await writeFile(path.join(backups, 'notes.txt'), 'mine');
    const stale = await Promise.all(
      ['portal-backup-', 'portal-restore-', 'portal-migrations-'].map((p) => oldTempFolder(p, 2)),
    );
    const fresh = await oldTempFolder('portal-restore-', 0);

    const removed = await sweepTemporaryFiles(dataDir, backups);

    expect(await readdir(path.join(dataDir, 'tmp'))).toEqual([]);
    expect((await readdir(backups)).sort()).toEqual(['auto-20261125T030000Z.tar.gz', 'notes.txt']);
    for (const folder of stale) await expect(stat(folder)).rejects.toMatchObject({ code: 'ENOENT' });
    expect((await stat(fresh)).isDirectory()).toBe(true);
    const ours = [
      path.join(dataDir, 'tmp', 'restore-staging'),
      path.join(backups, 'manual-20261126T030000Z.tar.gz.partial'),
      ...stale,
    ];
    expect(removed).toEqual(expect.arrayContaining(ours));
    // Anything else removed is another stale leftover of an older release in TMPDIR (this machine's).
    for (const file of removed.filter((f) => !ours.includes(f)))
      expect(path.basename(file)).toMatch(/^portal-(backup|restore|migrations)-/);
  });
});
