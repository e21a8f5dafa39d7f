// Issue 21: an embedded database that cannot be opened gets a message that says so, names the newest
// backup and the command that restores it (instead of PGlite's bare `RuntimeError: Aborted()`).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveName, parseArchiveName } from '../src/ops/backup/backup-files.ts';
import { DatabaseUnopenableError, openEmbedded, unopenableMessage } from '../src/ops/open-embedded.ts';
import { writeTestArchive } from './support/test-archive.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'portal-unopenable-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('an embedded database that cannot be opened', () => {
  it('names the newest backup and the restore command', async () => {
    const pgliteDir = path.join(dir, 'pglite');
    const backups = path.join(dir, 'backups');
    await mkdir(backups);
    const older = archiveName('auto', new Date(Date.UTC(2026, 10, 23, 3)));
    const newest = archiveName('manual', new Date(Date.UTC(2026, 10, 24, 9)));
    // As this release leaves them: verified, with a .sha256 beside each.
    for (const name of [older, newest]) await writeTestArchive(backups, name, parseArchiveName(name)!.at);
    // Newer, but not verified (a release before issue 33 wrote it): named only when nothing else is.
    await writeFile(path.join(backups, archiveName('auto', new Date(Date.UTC(2026, 10, 25, 3)))), '');

    // A data folder PGlite cannot read: its control file is garbage.
    await mkdir(path.join(pgliteDir, 'global'), { recursive: true });
    await writeFile(path.join(pgliteDir, 'PG_VERSION'), '17\n');
    await writeFile(path.join(pgliteDir, 'global', 'pg_control'), Buffer.alloc(8192, 0x5a));
    const opening = openEmbedded(pgliteDir, backups);
    await expect(opening).rejects.toBeInstanceOf(DatabaseUnopenableError);
    const message = await opening.catch((error: Error) => error.message);
    expect(message).toContain(`The embedded database in ${pgliteDir} cannot be opened`);
    expect(message).toContain(`The newest backup is ${path.join(backups, newest)}`);
    expect(message).toContain(`npm run restore -- ${path.join(backups, newest)} --force`);
  }, 120_000);

  it('names the newest archive of any kind when none is verified', async () => {
    const backups = path.join(dir, 'unverified');
    await mkdir(backups);
    const older = archiveName('pre-migration', new Date(Date.UTC(2026, 10, 20, 3)));
    const newest = archiveName('auto', new Date(Date.UTC(2026, 10, 21, 3)));
    for (const name of [older, newest]) await writeFile(path.join(backups, name), 'written before issue 33');
    const message = await unopenableMessage('/srv/portal/pglite', backups, new Error('Aborted()'));
    expect(message).toContain(
      `There is no verified backup; the newest (not verified when written, restore checks it first) is ${path.join(backups, newest)}`,
    );
    expect(message).toContain(`npm run restore -- ${path.join(backups, newest)} --force`);
    expect(message).not.toContain('There is no backup in');
  });

  it('says so when there is no backup at all', async () => {
    const message = await unopenableMessage(
      '/srv/portal/pglite',
      path.join(dir, 'none'),
      new Error('Aborted()'),
    );
    expect(message).toContain(`There is no backup in ${path.join(dir, 'none')}`);
    expect(message).toContain('npm run restore -- <archive> --force');
  });
});
