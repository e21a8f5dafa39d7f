// Issue 21: the embedded database backs itself up daily (at start when none is a day old) and before
// applying migrations to a database that has some; `npm run backup` reaches the running server over
// its control socket.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '../src/db/client.ts';
import { committedMigrations, migrationsFolderUpTo, type Migration } from '../src/db/migration-state.ts';
import { prepareDatabase } from '../src/prepare-database.ts';
import { createLogger } from '../src/logger.ts';
import { BackupCancelledError } from '../src/ops/backup/archive.ts';
import { requestBackup } from '../src/ops/backup/control-socket.ts';
import { startEmbeddedBackups } from '../src/ops/backup/embedded-backups.ts';
import { freshPglite, openTestDatabase, type TestDatabase } from './support/test-database.ts';

const logger = createLogger('silent');
// Issue 39: the server's log names each backup's start and end (or failure) and the drill's outcome.
const lines: Record<string, unknown>[] = [];
const logged = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
const said = (msg: string) => lines.filter((line) => line.msg === msg);
let dataDir: string;
let database: TestDatabase;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-auto-'));
  database = await openTestDatabase('seeded');
});
afterAll(async () => {
  await database.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

describe('automatic backups of the embedded database', () => {
  it(
    'takes a daily archive at start and one on request over the control socket',
    { timeout: 180_000 },
    async () => {
      const config = { dir: path.join(dataDir, 'backups'), auto: true, keepDaily: 7, keepWeekly: 4 };
      const backups = await startEmbeddedBackups({
        handle: database.handle,
        dataDir,
        config,
        logger: logged,
      });
      try {
        await backups.checkedAtStart;
        const [daily] = (await readdir(config.dir)).sort();
        expect(daily).toMatch(/^auto-\d{8}T\d{6}Z\.tar\.gz$/);
        // Written, read back and checked: the .sha256 beside it says so, and no temporary copy is left.
        // Issue 39: then restored into a scratch database (the drill), which last-verify.json records.
        expect((await readdir(config.dir)).sort()).toEqual([daily, `${daily}.sha256`, 'last-verify.json']);
        const status = JSON.parse(
          await readFile(path.join(config.dir, 'last-verify.json'), 'utf8'),
        ) as unknown;
        expect(status).toEqual({ at: expect.any(String), ok: true, archive: daily, problem: null });
        expect(await readdir(path.join(dataDir, 'tmp'))).toEqual([]);

        const dailyFile = path.join(config.dir, daily!);
        expect(said('backup started')).toEqual([
          expect.objectContaining({ level: 30, file: dailyFile, kind: 'auto', ranBy: 'portal (auto)' }),
        ]);
        expect(said('backup written')).toEqual([
          expect.objectContaining({
            file: dailyFile,
            kind: 'auto',
            rows: expect.any(Number),
            bytes: expect.any(Number),
            ms: expect.any(Number),
          }),
        ]);
        expect(said('backup written')[0]!.rows).toBeGreaterThan(100);
        expect(said('backup verification started')).toEqual([expect.objectContaining({ file: dailyFile })]);
        expect(said('backup verified: it restores with every row')).toHaveLength(1);

        const file = path.join(dataDir, 'asked.tar.gz');
        const result = await requestBackup(dataDir, {
          file,
          withSecrets: false,
          ranBy: 'npm run backup (OS ユーザー ops)',
        });
        expect(result.file).toBe(file);
        expect(result.manifest.tables.users).toBeGreaterThan(40);
        expect(said('backup written').at(-1)).toMatchObject({
          file,
          kind: 'manual',
          ranBy: 'npm run backup (OS ユーザー ops)',
        });

        // A backup that cannot be written (its folder is a file) says so, with the reason.
        const nowhere = path.join(file, 'x.tar.gz');
        await expect(requestBackup(dataDir, { file: nowhere, withSecrets: false })).rejects.toThrow();
        expect(said('backup failed')).toEqual([
          expect.objectContaining({
            level: 50,
            file: nowhere,
            kind: 'manual',
            err: expect.objectContaining({ message: expect.any(String) }),
          }),
        ]);
      } finally {
        await backups.stop();
      }
    },
  );

  it('is asked for before migrations are applied to a database that has some, and not on a new one', async () => {
    const committed = await committedMigrations(MIGRATIONS_FOLDER);
    const calls: string[][] = [];
    const beforeMigrating = async (pending: readonly Migration[]) => {
      calls.push(pending.map((m) => m.tag));
    };
    const behind = await freshPglite();
    try {
      const folder = await migrationsFolderUpTo(MIGRATIONS_FOLDER, committed.length - 1);
      await behind.withMigrationLock((session) => session.migrate(folder));
      await rm(folder, { recursive: true, force: true });
      await prepareDatabase(behind, { seedDemo: 'never', logger, beforeMigrating });
      expect(calls).toEqual([[committed.at(-1)!.tag]]);
    } finally {
      await behind.close();
    }
    const fresh = await freshPglite();
    try {
      await prepareDatabase(fresh, { seedDemo: 'never', logger, beforeMigrating });
      expect(calls).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  }, 180_000);

  // Issue 33: a stop does not wait for a running backup past the shutdown grace.
  it(
    'cancels a running backup when the server stops, leaving nothing of it',
    { timeout: 180_000 },
    async () => {
      const own = await mkdtemp(path.join(os.tmpdir(), 'portal-cancel-'));
      try {
        const config = { dir: path.join(own, 'backups'), auto: false, keepDaily: 7, keepWeekly: 4 };
        const backups = await startEmbeddedBackups({ handle: database.handle, dataDir: own, config, logger });
        const taking = backups.take('manual');
        await backups.stop();
        await expect(taking).rejects.toBeInstanceOf(BackupCancelledError);
        expect(await readdir(config.dir).catch(() => [])).toEqual([]);
        expect(await readdir(path.join(own, 'tmp'))).toEqual([]);
      } finally {
        await rm(own, { recursive: true, force: true });
      }
    },
  );
});
