// Issue 21, acceptance 4: over 40 simulated days of daily backups (and manual and pre-migration ones,
// which retention never removes) the automatic archives kept are exactly the newest of each of the
// last 7 days and of each of the last 4 weeks.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  archiveName,
  archivesToKeep,
  dailyBackupDue,
  listArchives,
  newestArchive,
  parseArchiveName,
  pruneArchives,
  type ArchiveFile,
} from '../src/ops/backup/backup-files.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'portal-retention-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const DAY = 86_400_000;

/** An archive as the portal leaves it: verified, so with its .sha256 beside it. */
async function writeArchive(folder: string, name: string): Promise<void> {
  await writeFile(path.join(folder, name), '');
  await writeFile(path.join(folder, `${name}.sha256`), `0  ${name}\n`);
}

async function archivesIn(folder: string): Promise<string[]> {
  return (await readdir(folder)).filter((n) => n.endsWith('.tar.gz')).sort();
}

describe('backup retention', () => {
  it('keeps exactly 7 daily and 4 weekly automatic archives over 40 simulated days', async () => {
    // Monday 2026-01-05, 03:00 UTC, then every day for 40 days: the last is Friday 2026-02-13.
    const first = Date.UTC(2026, 0, 5, 3);
    for (let day = 0; day < 40; day++) {
      const at = new Date(first + day * DAY);
      await writeArchive(dir, archiveName('auto', at));
      if (day === 2) await writeArchive(dir, archiveName('manual', new Date(at.getTime() + 60_000)));
      if (day === 10) await writeArchive(dir, archiveName('pre-migration', new Date(at.getTime() + 1000)));
      await pruneArchives(dir, { daily: 7, weekly: 4 });
    }
    expect(await archivesIn(dir)).toEqual([
      // Weekly: Sundays closing the weeks of Jan 19 and Jan 26; Feb 8 and Feb 13 are daily ones too.
      'auto-20260125T030000Z.tar.gz',
      'auto-20260201T030000Z.tar.gz',
      // Daily: the last 7 days.
      'auto-20260207T030000Z.tar.gz',
      'auto-20260208T030000Z.tar.gz',
      'auto-20260209T030000Z.tar.gz',
      'auto-20260210T030000Z.tar.gz',
      'auto-20260211T030000Z.tar.gz',
      'auto-20260212T030000Z.tar.gz',
      'auto-20260213T030000Z.tar.gz',
      'manual-20260107T030100Z.tar.gz',
      'pre-migration-20260115T030001Z.tar.gz',
    ]);
    expect(await newestArchive(dir)).toBe(path.join(dir, 'auto-20260213T030000Z.tar.gz'));
  });

  it('follows other settings: 2 daily and 1 weekly keep the last two days only', async () => {
    const own = await mkdtemp(path.join(os.tmpdir(), 'portal-retention-'));
    try {
      const first = Date.UTC(2026, 2, 1, 3);
      for (let day = 0; day < 40; day++) {
        await writeArchive(own, archiveName('auto', new Date(first + day * DAY)));
        await pruneArchives(own, { daily: 2, weekly: 1 });
      }
      expect(await archivesIn(own)).toEqual(['auto-20260408T030000Z.tar.gz', 'auto-20260409T030000Z.tar.gz']);
      // Every removed archive took its .sha256 along.
      expect((await readdir(own)).filter((n) => n.endsWith('.sha256')).sort()).toEqual([
        'auto-20260408T030000Z.tar.gz.sha256',
        'auto-20260409T030000Z.tar.gz.sha256',
      ]);
    } finally {
      await rm(own, { recursive: true, force: true });
    }
  });

  // Issue 33, finding 7: one archive written while the clock was a year ahead.
  it('goes on backing up daily past an archive dated in the future, which pushes no real one out', async () => {
    const own = await mkdtemp(path.join(os.tmpdir(), 'portal-retention-'));
    try {
      const future = archiveName('auto', new Date(Date.UTC(2027, 0, 1, 3)));
      await writeArchive(own, future);
      const first = Date.UTC(2026, 2, 1, 3);
      let taken = 0;
      for (let day = 0; day < 20; day++) {
        const now = new Date(first + day * DAY);
        if (dailyBackupDue(await listArchives(own), now)) {
          await writeArchive(own, archiveName('auto', now));
          taken += 1;
        }
        await pruneArchives(own, { daily: 3, weekly: 1 }, now);
      }
      expect(taken).toBe(20);
      expect(await archivesIn(own)).toEqual([
        'auto-20260318T030000Z.tar.gz',
        'auto-20260319T030000Z.tar.gz',
        'auto-20260320T030000Z.tar.gz',
        future,
      ]);
    } finally {
      await rm(own, { recursive: true, force: true });
    }
  });

  it('counts only verified archives: one without its .sha256 neither fills a day nor is removed', async () => {
    const own = await mkdtemp(path.join(os.tmpdir(), 'portal-retention-'));
    try {
      const first = Date.UTC(2026, 2, 1, 3);
      for (let day = 0; day < 3; day++)
        await writeArchive(own, archiveName('auto', new Date(first + day * DAY)));
      // The newest, from a release that did not verify: not counted, not removed, not named as newest.
      await writeFile(path.join(own, archiveName('auto', new Date(first + 3 * DAY))), '');
      expect(await pruneArchives(own, { daily: 2, weekly: 0 })).toEqual(['auto-20260301T030000Z.tar.gz']);
      expect(await archivesIn(own)).toEqual([
        'auto-20260302T030000Z.tar.gz',
        'auto-20260303T030000Z.tar.gz',
        'auto-20260304T030000Z.tar.gz',
      ]);
      expect(await newestArchive(own)).toBe(path.join(own, 'auto-20260303T030000Z.tar.gz'));
    } finally {
      await rm(own, { recursive: true, force: true });
    }
  });

  it('never removes the newest verified archive, even when newer ones failed verification', () => {
    const at = (day: number) => new Date(Date.UTC(2026, 4, day, 3));
    const archives: ArchiveFile[] = [1, 2, 3, 4, 5].map((day) =>
      parseArchiveName(archiveName('auto', at(day)))!,
    );
    const unverified = new Set([archives[3]!.name, archives[4]!.name]);
    const kept = archivesToKeep(archives, { daily: 1, weekly: 1 }, at(6), (a) => !unverified.has(a.name));
    expect([...kept]).toEqual([archives[2]!.name]);
  });
});
