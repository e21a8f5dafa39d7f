// Issue 34: `npm run retention` (a real run) first writes a backup of the whole database, so what it
// deletes can be restored; the dry run writes none. The backup is in the access log. The clock:
// 2030-05-26 12:00 in Tokyo, where an access-log row of 2020 is past its 5 years.
import { readdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessLog, deletionLog } from '../src/db/schema/privacy.ts';
import { readManifest } from '../src/ops/backup/archive.ts';
import { restoreBackup } from '../src/ops/backup/restore-backup.ts';
import { retentionCommand } from '../src/ops/retention-command.ts';
import { freshPglite, openTestDatabase, type TestDatabase } from './support/test-database.ts';

const NOW = new Date('2030-05-26T03:00:00Z');
let dir: string;
let database: TestDatabase;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'portal-retention-'));
  database = await openTestDatabase('seeded');
});
afterAll(async () => {
  await database.dispose();
  await rm(dir, { recursive: true, force: true });
});

describe('npm run retention', () => {
  it(
    'backs up before a real run, which a restore undoes; a dry run writes no backup',
    { timeout: 240_000 },
    async () => {
      const db = database.handle.db;
      const [old] = await db
        .insert(accessLog)
        .values({
          at: new Date('2020-01-10T00:00:00Z'),
          actorName: 'hr',
          action: 'view',
          kind: 'profile',
          subjects: [1],
        })
        .returning({ id: accessLog.id });
      const backupDir = path.join(dir, 'backups');
      const options = { now: NOW, backupDir, dataDir: dir };

      const dry = await retentionCommand(database.handle, { ...options, dryRun: true });
      expect(dry.backup).toBeNull();
      expect(dry.results.find((r) => r.key === 'access_log')?.rows.map((r) => r.id)).toContain(old!.id);
      await expect(readdir(backupDir)).rejects.toThrow();
      expect(await db.select().from(accessLog).where(eq(accessLog.id, old!.id))).toHaveLength(1);

      const real = await retentionCommand(database.handle, options);
      expect(real.backup).toMatch(/pre-retention-\d{8}T\d{6}Z\.tar\.gz$/);
      expect((await readdir(backupDir)).sort()).toEqual([
        path.basename(real.backup!),
        `${path.basename(real.backup!)}.sha256`,
      ]);
      expect(real.results.find((r) => r.key === 'access_log')?.rows.map((r) => r.id)).toContain(old!.id);
      expect(await db.select().from(accessLog).where(eq(accessLog.id, old!.id))).toEqual([]);
      expect((await db.select().from(deletionLog)).length).toBeGreaterThan(0);
      // The backup is in the access log, by the command.
      const [logged] = await db.select().from(accessLog).where(eq(accessLog.kind, 'backup'));
      expect(logged).toMatchObject({
        actorId: null,
        action: 'export',
        recordId: path.basename(real.backup!),
      });
      expect(logged!.actorName).toMatch(/^npm run retention \(OS ユーザー .+\)$/);

      // Undone: the archive restored holds the row the run deleted.
      expect((await readManifest(real.backup!)).tables.access_log).toBeGreaterThan(0);
      const target = await freshPglite();
      try {
        await restoreBackup(target, real.backup!, {
          force: false,
          dataDir: null,
          scratchIn: dir,
          keepReplacedIn: path.join(dir, 'replaced'),
        });
        expect(await target.db.select().from(accessLog).where(eq(accessLog.id, old!.id))).toHaveLength(1);
      } finally {
        await target.close();
      }
    },
  );
});
