// Issue 21, acceptance 4, on PGlite and (in the "pg" project) on PostgreSQL: backup, wipe, restore;
// a backup under a stream of writes; refusals of newer and tampered archives and of a non-empty
// target; an older backup restored and migrated.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { openChangeFeed } from '../src/cache/change-feed.ts';
import { MIGRATIONS_FOLDER, type Db } from '../src/db/client.ts';
import { appliedMigrations, committedMigrations, migrationsFolderUpTo } from '../src/db/migration-state.ts';
import { groups } from '../src/db/schema/users.ts';
import { createLogger } from '../src/logger.ts';
import { BackupError } from '../src/ops/backup/archive.ts';
import { restoreBackup, type RestoreOptions } from '../src/ops/backup/restore-backup.ts';
import { takeBackup, type BackupOptions } from '../src/ops/backup/take-backup.ts';
import { testConfig } from './support/test-config.ts';
import {
  createPostgresDatabase,
  freshPglite,
  openTestDatabase,
  testBackend,
  type TestDatabase,
} from './support/test-database.ts';

const SLOW = 180_000;
let source: TestDatabase;
let work: string;

function backupOptions(file: string): BackupOptions {
  return { file, dataDir: null, withSecrets: false, scratchIn: work };
}

function restoreOptions(force: boolean): RestoreOptions {
  return { force, dataDir: null, scratchIn: work, keepReplacedIn: path.join(work, 'replaced') };
}
const opened: TestDatabase[] = [];

async function emptyDatabase(): Promise<TestDatabase> {
  const database =
    testBackend() === 'postgres'
      ? await createPostgresDatabase()
      : await freshPglite().then((handle) => ({ handle, dispose: () => handle.close() }));
  opened.push(database);
  return database;
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function rowCounts(db: Db): Promise<Record<string, number>> {
  const tables = await rows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from public.${sql.identifier(name)}`,
    );
    counts[name] = row!.n;
  }
  return counts;
}

async function attachmentHashes(db: Db): Promise<Record<number, string>> {
  const found = await rows<{ id: number; digest: string }>(
    db,
    sql`select id, encode(sha256(content), 'hex') as digest from attachments order by id`,
  );
  return Object.fromEntries(found.map((r) => [r.id, r.digest]));
}

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'portal-backup-test-'));
  source = await openTestDatabase('seeded');
  opened.push(source);
  // Every byte value once, beside the demo's attachments.
  const [task] = await rows<{ id: number }>(source.handle.db, sql`select id from tasks order by id limit 1`);
  await source.handle.db.execute(
    sql`insert into attachments (task_id, field_name, name, content_type, content)
        values (${task!.id}, 'backup_test', 'bytes.bin', 'application/octet-stream',
                ${Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(4096)])})`,
  );
}, SLOW);
afterAll(async () => {
  for (const database of opened) await database.dispose();
  await rm(work, { recursive: true, force: true });
});

describe(`backup and restore on ${testBackend()}`, () => {
  it(
    'backup, wipe, restore: equal row counts per table, equal attachments, sign-in works',
    async () => {
      const file = path.join(work, 'full.tar.gz');
      const { manifest } = await takeBackup(source.handle, backupOptions(file));
      const expected = await rowCounts(source.handle.db);
      expect(manifest.tables).toEqual(expected);
      expect(manifest.migrations.map((m) => m.tag)).toEqual(
        (await committedMigrations(MIGRATIONS_FOLDER)).map((m) => m.tag),
      );
      expect(Object.keys(manifest.parts)).toContain('tables/attachments.jsonl');

      const target = await emptyDatabase();
      const result = await restoreBackup(target.handle, file, restoreOptions(false));
      expect(result.migrated).toEqual([]);
      expect(await rowCounts(target.handle.db)).toEqual(expected);
      expect(await attachmentHashes(target.handle.db)).toEqual(await attachmentHashes(source.handle.db));
      expect(Object.keys(await attachmentHashes(target.handle.db)).length).toBeGreaterThan(1);

      const logger = createLogger('silent');
      const changes = await openChangeFeed(target.handle, logger);
      try {
        const app = createApp({ config: testConfig(), db: target.handle.db, logger, changes });
        const signIn = await request(app)
          .post('/api/token-auth/')
          .send({ username: 'yamada', password: 'demo1234' });
        expect(signIn.status).toBe(200);
        // New rows get fresh ids after a restore: the sequences came back too.
        const [created] = await target.handle.db.insert(groups).values({ name: 'after-restore' }).returning();
        const [max] = await rows<{ id: number }>(
          source.handle.db,
          sql`select max(id)::int as id from groups`,
        );
        expect(created!.id).toBeGreaterThan(max!.id);
      } finally {
        await changes.close();
      }
    },
    SLOW,
  );

  it(
    'a backup taken under a write stream holds every write acknowledged before it began',
    async () => {
      const acknowledged: number[] = [];
      let stop = false;
      const writer = (async () => {
        for (let i = 0; !stop; i++) {
          const [row] = await source.handle.db
            .insert(groups)
            .values({ name: `stream-${i}` })
            .returning({ id: groups.id });
          acknowledged.push(row!.id);
          // Requests arrive over time: PGlite answers from microtasks, so a loop that never yields to
          // the event loop would starve everything else.
          await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      let failure: unknown = null;
      void writer.catch((error: unknown) => (failure = error));
      while (acknowledged.length < 20 && failure === null) await new Promise((r) => setTimeout(r, 5));
      expect(failure).toBeNull();
      const before = [...acknowledged];
      const file = path.join(work, 'stream.tar.gz');
      await takeBackup(source.handle, backupOptions(file));
      stop = true;
      await writer;

      const target = await emptyDatabase();
      await restoreBackup(target.handle, file, restoreOptions(false));
      const restored = new Set(
        (await target.handle.db.select({ id: groups.id }).from(groups)).map((g) => g.id),
      );
      expect(before.filter((id) => !restored.has(id))).toEqual([]);
    },
    SLOW,
  );

  it(
    'refuses a non-empty target without --force and replaces it with',
    async () => {
      const file = path.join(work, 'full.tar.gz');
      const target = await emptyDatabase();
      await restoreBackup(target.handle, file, restoreOptions(false));
      await expect(restoreBackup(target.handle, file, restoreOptions(false))).rejects.toThrow(
        /The target database is not empty .*pass --force/,
      );
      await target.handle.db.insert(groups).values({ name: 'replaced-by-force' });
      await restoreBackup(target.handle, file, restoreOptions(true));
      const names = (await target.handle.db.select({ name: groups.name }).from(groups)).map((g) => g.name);
      expect(names).not.toContain('replaced-by-force');
    },
    SLOW,
  );

  it(
    'refuses an archive whose part does not match its manifest hash',
    async () => {
      const unpacked = path.join(work, 'tampered');
      await rm(unpacked, { recursive: true, force: true });
      await import('node:fs/promises').then((fs) => fs.mkdir(unpacked));
      await tar.x({ file: path.join(work, 'full.tar.gz'), cwd: unpacked });
      const part = path.join(unpacked, 'tables/groups.jsonl');
      await writeFile(part, (await readFile(part, 'utf8')).replace('"name":"', '"name":"x'));
      const file = path.join(work, 'tampered.tar.gz');
      await tar.c({ gzip: true, file, cwd: unpacked }, ['manifest.json', 'sequences.json', 'tables']);
      const target = await emptyDatabase();
      await expect(restoreBackup(target.handle, file, restoreOptions(false))).rejects.toThrow(
        /is damaged: the sha256 of tables\/groups.jsonl differs from its manifest/,
      );
    },
    SLOW,
  );

  it(
    'restores an older backup and migrates it; refuses one with a migration unknown to this code',
    async () => {
      const committed = await committedMigrations(MIGRATIONS_FOLDER);
      const older = await emptyDatabase();
      const folder = await migrationsFolderUpTo(MIGRATIONS_FOLDER, committed.length - 1);
      await older.handle.withMigrationLock((session) => session.migrate(folder));
      await rm(folder, { recursive: true, force: true });
      await older.handle.db.execute(sql`insert into groups (name) values ('from an older release')`);
      const file = path.join(work, 'older.tar.gz');
      const { manifest } = await takeBackup(older.handle, backupOptions(file));
      expect(manifest.migrations).toHaveLength(committed.length - 1);

      const target = await emptyDatabase();
      const result = await restoreBackup(target.handle, file, restoreOptions(false));
      expect(result.migrated).toEqual([committed.at(-1)!.tag]);
      expect((await appliedMigrations(target.handle.db)).map((m) => m.hash)).toEqual(
        committed.map((m) => m.hash),
      );
      const names = (await target.handle.db.select({ name: groups.name }).from(groups)).map((g) => g.name);
      expect(names).toEqual(['from an older release']);

      const when = Date.UTC(2031, 4, 6);
      await older.handle.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('0badc0de0badc0de', ${when})`,
      );
      const newer = path.join(work, 'newer.tar.gz');
      await takeBackup(older.handle, backupOptions(newer));
      const fresh = await emptyDatabase();
      await expect(restoreBackup(fresh.handle, newer, restoreOptions(false))).rejects.toThrow(
        /migration of 2031-05-06T00:00:00.000Z \(sha256 0badc0de0bad…\) is unknown to this code: the backup is newer/,
      );
      await expect(restoreBackup(fresh.handle, newer, restoreOptions(false))).rejects.toBeInstanceOf(
        BackupError,
      );
    },
    SLOW,
  );
});
