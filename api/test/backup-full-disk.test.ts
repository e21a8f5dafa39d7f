// Issue 33: a full disk. A backup that runs out of space leaves no .partial and no temporary copy,
// says so plainly, is not counted by retention and removes no older archive; a restore that runs out
// of space leaves the target as it was. The disk is filled by injection: the write streams of the
// backup code fail with ENOSPC once a file passes a few kB (a tmpfs needs mount rights).
import type * as NodeFs from 'node:fs';
import type { WriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DiskFullError } from '../src/ops/backup/archive.ts';
import { archiveName, listArchives } from '../src/ops/backup/backup-files.ts';
import { startEmbeddedBackups } from '../src/ops/backup/embedded-backups.ts';
import { restoreBackup } from '../src/ops/backup/restore-backup.ts';
import { takeBackup } from '../src/ops/backup/take-backup.ts';
import { createLogger } from '../src/logger.ts';
import { openTestDatabase, type TestDatabase } from './support/test-database.ts';
import { writeTestArchive } from './support/test-archive.ts';

/** Files whose name passes this fail with ENOSPC after their first 4 kB. */
const full = vi.hoisted(() => ({ matches: (_file: string): boolean => false }));

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof NodeFs>();
  const createWriteStream = ((file: string, options?: Parameters<typeof fs.createWriteStream>[1]) => {
    const real = fs.createWriteStream(file, options);
    if (!full.matches(String(file))) return real;
    let written = 0;
    return new Writable({
      write(chunk: Buffer, _encoding, callback) {
        written += chunk.length;
        if (written <= 4096) return real.write(chunk, callback);
        const error: NodeJS.ErrnoException = new Error(`ENOSPC: no space left on device, write`);
        error.code = 'ENOSPC';
        error.path = String(file);
        callback(error);
      },
      final(callback) {
        real.end(callback);
      },
      destroy(error, callback) {
        real.destroy();
        real.once('close', () => callback(error));
      },
    }) as unknown as WriteStream;
  }) as typeof fs.createWriteStream;
  return { ...fs, createWriteStream, default: { ...fs, createWriteStream } };
});

const SLOW = 180_000;
const DAY = 86_400_000;
let database: TestDatabase;
let work: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'portal-full-disk-'));
  database = await openTestDatabase('seeded');
});
afterAll(async () => {
  await database.dispose();
  await rm(work, { recursive: true, force: true });
});

async function userCount(): Promise<number> {
  const result = (await database.handle.db.execute(sql`select count(*)::int as n from users`)) as unknown as {
    rows: { n: number }[];
  };
  return result.rows[0]!.n;
}

describe('a full disk', () => {
  it(
    'fails a daily backup plainly, leaves nothing behind and keeps the older archives',
    { timeout: SLOW },
    async () => {
      const dataDir = path.join(work, 'daily');
      const backups = path.join(dataDir, 'backups');
      await mkdir(backups, { recursive: true });
      const older = archiveName('auto', new Date(Date.now() - 3 * DAY));
      const oldest = archiveName('auto', new Date(Date.now() - 4 * DAY));
      for (const name of [older, oldest])
        await writeTestArchive(backups, name, new Date(Date.now() - 3 * DAY));
      const errors: string[] = [];
      const logger = createLogger('silent');
      logger.error = ((payload: { err?: Error }) => {
        errors.push(payload.err?.message ?? '');
      }) as typeof logger.error;
      full.matches = (file) => file.endsWith('.partial');
      try {
        const config = { dir: backups, auto: true, keepDaily: 1, keepWeekly: 0 };
        const daily = await startEmbeddedBackups({ handle: database.handle, dataDir, config, logger });
        await daily.checkedAtStart;
        await daily.stop();
      } finally {
        full.matches = () => false;
      }
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain('No space left on the disk');
      expect(errors[0]).toContain('older backups are untouched');
      // No .partial, no new name, and retention did not run on a failed day: both older ones stay.
      expect((await readdir(backups)).sort()).toEqual(
        [older, `${older}.sha256`, oldest, `${oldest}.sha256`].sort(),
      );
      expect((await listArchives(backups)).every((a) => a.verified)).toBe(true);
      expect(await readdir(path.join(dataDir, 'tmp'))).toEqual([]);
    },
  );

  it(
    'fails a backup whose table parts do not fit, leaving no temporary copy',
    { timeout: SLOW },
    async () => {
      const file = path.join(work, 'parts', 'backup.tar.gz');
      full.matches = (name) => name.endsWith('.jsonl');
      try {
        const taking = takeBackup(database.handle, {
          file,
          dataDir: null,
          withSecrets: false,
          scratchIn: work,
        });
        await expect(taking).rejects.toBeInstanceOf(DiskFullError);
        await expect(taking).rejects.toThrow(/No space left on the disk \(writing .*\.jsonl\)/);
      } finally {
        full.matches = () => false;
      }
      expect(await readdir(path.dirname(file)).catch(() => [])).toEqual([]);
      expect(await readdir(path.join(work, 'tmp'))).toEqual([]);
    },
  );

  it('fails a restore plainly and leaves the target as it was', { timeout: SLOW }, async () => {
    const file = path.join(work, 'restore', 'source.tar.gz');
    await takeBackup(database.handle, { file, dataDir: null, withSecrets: false, scratchIn: work });
    const before = await userCount();
    expect(before).toBeGreaterThan(0);
    const replaced = path.join(work, 'restore', 'replaced');
    // The first thing a forced restore writes: the archive of what it replaces.
    full.matches = (name) => name.endsWith('.partial');
    try {
      const restoring = restoreBackup(database.handle, file, {
        force: true,
        dataDir: null,
        scratchIn: work,
        keepReplacedIn: replaced,
      });
      await expect(restoring).rejects.toBeInstanceOf(DiskFullError);
      await expect(restoring).rejects.toThrow(/nothing was restored, the database is as it was/);
    } finally {
      full.matches = () => false;
    }
    expect(await userCount()).toBe(before);
    expect(await readdir(replaced).catch(() => [])).toEqual([]);
    expect(await readdir(path.join(work, 'tmp'))).toEqual([]);
  });
});
