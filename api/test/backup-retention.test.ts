// Issue 21, acceptance 4: over 40 simulated days of daily backups (and manual and pre-migration ones,
// which retention never removes) the automatic archives kept are exactly the newest of each of the
// last 7 days and of each of the last 4 weeks.
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, truncate, writeFile } from 'node:fs/promises';
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
import { packArchive, readManifest } from '../src/ops/backup/archive.ts';
import { writeTestArchive } from './support/test-archive.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'portal-retention-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const DAY = 86_400_000;

/** An archive as the portal leaves it: verified (its .sha256 beside it), its manifest dated as its name. */
async function writeArchive(
  folder: string,
  name: string,
  createdAt = parseArchiveName(name)!.at,
): Promise<void> {
  await writeTestArchive(folder, name, createdAt);
}

async function archivesIn(folder: string): Promise<string[]> {
  return (await readdir(folder)).filter((n) => n.endsWith('.tar.gz')).sort();
}

describe('backup retention', () => {
  it(
    'keeps exactly 7 daily and 4 weekly automatic archives over 40 simulated days',
    { timeout: 180_000 },
    async () => {
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
    },
  );

  it(
    'follows other settings: 2 daily and 1 weekly keep the last two days only',
    { timeout: 180_000 },
    async () => {
      const own = await mkdtemp(path.join(os.tmpdir(), 'portal-retention-'));
      try {
        const first = Date.UTC(2026, 2, 1, 3);
        for (let day = 0; day < 40; day++) {
          await writeArchive(own, archiveName('auto', new Date(first + day * DAY)));
          await pruneArchives(own, { daily: 2, weekly: 1 });
        }
        expect(await archivesIn(own)).toEqual([
          'auto-20260408T030000Z.tar.gz',
          'auto-20260409T030000Z.tar.gz',
        ]);
        // Every removed archive took its .sha256 along.
        expect((await readdir(own)).filter((n) => n.endsWith('.sha256')).sort()).toEqual([
          'auto-20260408T030000Z.tar.gz.sha256',
          'auto-20260409T030000Z.tar.gz.sha256',
        ]);
      } finally {
        await rm(own, { recursive: true, force: true });
      }
    },
  );

  // Issue 33, finding 7: one archive written while the clock was a year ahead.
  it(
    'goes on backing up daily past an archive dated in the future, which pushes no real one out',
    { timeout: 180_000 },
    async () => {
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
    },
  );

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

  // Issue 33: the time that counts is the manifest's, not the name's.
  it('dates each archive by its manifest: a renamed archive keeps its real age', async () => {
    const own = await mkdtemp(path.join(os.tmpdir(), 'portal-retention-'));
    try {
      const at = (day: number) => new Date(Date.UTC(2026, 5, day, 3));
      for (const day of [1, 2, 3]) await writeArchive(own, archiveName('auto', at(day)));
      // Taken on June 1st, renamed (or copied back) under a name that says June 4th.
      const renamed = archiveName('auto', at(4));
      await writeArchive(own, renamed, new Date(at(1).getTime() - 60_000));
      const listed = await listArchives(own);
      expect(listed.find((a) => a.name === renamed)?.at).toEqual(new Date(at(1).getTime() - 60_000));
      expect(await newestArchive(own)).toBe(path.join(own, 'auto-20260603T030000Z.tar.gz'));
      // June 4th by its name would make it the newest; by its manifest it is the oldest: removed.
      expect((await pruneArchives(own, { daily: 2, weekly: 0 }, at(5))).sort()).toEqual([
        'auto-20260601T030000Z.tar.gz',
        renamed,
      ]);
      expect(await archivesIn(own)).toEqual(['auto-20260602T030000Z.tar.gz', 'auto-20260603T030000Z.tar.gz']);
      // Nor does it make a daily backup look done: the newest real one is from June 3rd.
      await writeArchive(own, renamed, at(1));
      expect(dailyBackupDue(await listArchives(own), at(4))).toBe(true);
    } finally {
      await rm(own, { recursive: true, force: true });
    }
  });

  it('never dates an archive in the future by its manifest, whatever its name says', async () => {
    const own = await mkdtemp(path.join(os.tmpdir(), 'portal-retention-'));
    try {
      const at = (day: number) => new Date(Date.UTC(2026, 6, day, 3));
      for (const day of [1, 2, 3]) await writeArchive(own, archiveName('auto', at(day)));
      // Named for July 4th, but its manifest says a year later (the clock was wrong when it was taken).
      const wrongClock = archiveName('auto', at(4));
      await writeArchive(own, wrongClock, new Date(Date.UTC(2027, 6, 4, 3)));
      const now = at(5);
      expect(dailyBackupDue(await listArchives(own), now)).toBe(true);
      // It counts for no day (the last two real days stay) and is kept until its date comes.
      expect(await pruneArchives(own, { daily: 2, weekly: 0 }, now)).toEqual([
        'auto-20260701T030000Z.tar.gz',
      ]);
      expect(await archivesIn(own)).toEqual([
        'auto-20260702T030000Z.tar.gz',
        'auto-20260703T030000Z.tar.gz',
        wrongClock,
      ]);
    } finally {
      await rm(own, { recursive: true, force: true });
    }
  });

  it('does not count an archive whose manifest cannot be read, nor remove it', async () => {
    const own = await mkdtemp(path.join(os.tmpdir(), 'portal-retention-'));
    try {
      const at = (day: number) => new Date(Date.UTC(2026, 7, day, 3));
      for (const day of [1, 2]) await writeArchive(own, archiveName('auto', at(day)));
      // A .sha256 beside it, but the file itself is empty (the disk lost it).
      const emptied = archiveName('auto', at(3));
      await writeFile(path.join(own, emptied), '');
      await writeFile(path.join(own, `${emptied}.sha256`), `0  ${emptied}\n`);
      expect((await listArchives(own)).find((a) => a.name === emptied)?.verified).toBe(false);
      expect(await pruneArchives(own, { daily: 1, weekly: 0 }, at(4))).toEqual([
        'auto-20260801T030000Z.tar.gz',
      ]);
      expect(await archivesIn(own)).toEqual(['auto-20260802T030000Z.tar.gz', emptied]);
    } finally {
      await rm(own, { recursive: true, force: true });
    }
  });

  it('reads the manifest from the first blocks: an archive cut short after them still tells its time', async () => {
    const own = await mkdtemp(path.join(os.tmpdir(), 'portal-retention-'));
    const parts = await mkdtemp(path.join(os.tmpdir(), 'portal-retention-parts-'));
    try {
      await mkdir(path.join(parts, 'tables'));
      await writeFile(path.join(parts, 'tables', 'attachments.jsonl'), randomBytes(4 * 1024 * 1024));
      const file = path.join(own, 'big.tar.gz');
      const createdAt = '2026-09-01T03:00:00.000Z';
      await packArchive(parts, file, {
        product: 'staff-portal',
        productVersion: '0.0.0',
        createdAt,
        database: 'pglite',
        migrations: [],
        tables: { attachments: 1 },
        leftOut: [],
      });
      await truncate(file, 64 * 1024);
      expect((await readManifest(file)).createdAt).toBe(createdAt);
    } finally {
      await rm(own, { recursive: true, force: true });
      await rm(parts, { recursive: true, force: true });
    }
  });
});
