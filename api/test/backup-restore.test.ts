// Issue 21, acceptance 4, on PGlite and (in the "pg" project) on PostgreSQL: backup, wipe, restore;
// a backup under a stream of writes; refusals of newer and tampered archives and of a non-empty
// target; an older backup restored and migrated. Issue 33: 150 attachments of 1.9 MB back up and
// restore with equal hashes in bounded memory; a restore that fails (a manifest off by one) leaves
// every row of the target; on PostgreSQL a restore by the database's owner without superuser rights.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import * as tar from 'tar';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../src/app.ts';
import { openChangeFeed } from '../src/cache/change-feed.ts';
import {
  MIGRATIONS_FOLDER,
  openPostgres,
  pgliteHandle,
  type DatabaseHandle,
  type Db,
} from '../src/db/client.ts';
import { appliedMigrations, committedMigrations, migrationsFolderUpTo } from '../src/db/migration-state.ts';
import { groups } from '../src/db/schema/users.ts';
import { createLogger } from '../src/logger.ts';
import { BackupError, manifestChecksum, type BackupManifest } from '../src/ops/backup/archive.ts';
import { restoreBackup, type RestoreOptions } from '../src/ops/backup/restore-backup.ts';
import { takeBackup, type BackupOptions } from '../src/ops/backup/take-backup.ts';
import { testConfig } from './support/test-config.ts';
import {
  createPostgresDatabase,
  DEFAULT_PG_URL,
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

/** A seeded embedded database kept in a folder, as the portal runs it (a backup copies that folder). */
async function seededInFolder(dir: string): Promise<DatabaseHandle> {
  const tarball = await readFile(inject('pgliteTemplates').seeded);
  return pgliteHandle(await PGlite.create(dir, { loadDataDir: new Blob([tarball]) }), dir);
}

/** Re-packs `file` with its manifest changed by `edit` and signed again, as a careful forger would. */
async function withEditedManifest(file: string, out: string, edit: (m: BackupManifest) => BackupManifest) {
  const unpacked = await mkdtemp(path.join(work, 'edit-'));
  await tar.x({ file, cwd: unpacked });
  const manifest = edit(
    JSON.parse(await readFile(path.join(unpacked, 'manifest.json'), 'utf8')) as BackupManifest,
  );
  await writeFile(
    path.join(unpacked, 'manifest.json'),
    JSON.stringify({ ...manifest, checksum: manifestChecksum(manifest) }),
  );
  await tar.c({ gzip: true, file: out, cwd: unpacked }, await readdir(unpacked));
  await rm(unpacked, { recursive: true, force: true });
}

describe(`large backups and failed restores on ${testBackend()}`, () => {
  it('150 attachments of 1.9 MB back up and restore with equal hashes, memory under 300 MB above idle', async () => {
    let big: DatabaseHandle;
    let target: DatabaseHandle;
    if (testBackend() === 'postgres') {
      const from = await openTestDatabase('seeded');
      const to = await emptyDatabase();
      opened.push(from);
      [big, target] = [from.handle, to.handle];
    } else {
      big = await seededInFolder(path.join(work, 'big-pglite'));
      target = pgliteHandle(
        await PGlite.create(path.join(work, 'target-pglite')),
        path.join(work, 'target-pglite'),
      );
      opened.push(
        { handle: big, dispose: () => big.close() },
        { handle: target, dispose: () => target.close() },
      );
    }
    const [task] = await rows<{ id: number }>(big.db, sql`select id from tasks order by id limit 1`);
    // One random file sent over, 149 more made from it inside the database (each differs in its
    // first four bytes): the setup stays quick while every file is distinct.
    const [first] = await rows<{ id: number }>(
      big.db,
      sql`insert into attachments (task_id, field_name, name, content_type, content)
          values (${task!.id}, 'receipt_0', 'receipt-0.jpg', 'image/jpeg', ${randomBytes(1_900_000)})
          returning id`,
    );
    await big.db.execute(
      sql`insert into attachments (task_id, field_name, name, content_type, content)
          select a.task_id, 'receipt_' || g, 'receipt-' || g || '.jpg', a.content_type,
                 overlay(a.content placing int4send(g) from 1 for 4)
          from attachments a, generate_series(1, 149) g where a.id = ${first!.id}`,
    );

    const idle = process.memoryUsage().rss;
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    const file = path.join(work, 'big.tar.gz');
    try {
      const { manifest } = await takeBackup(big, backupOptions(file));
      expect(manifest.tables.attachments).toBeGreaterThanOrEqual(150);
      await restoreBackup(target, file, restoreOptions(false));
    } finally {
      clearInterval(sampler);
    }
    expect((await stat(file)).size).toBeGreaterThan(280_000_000);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readFile(`${file}.sha256`, 'utf8')).toMatch(/^[0-9a-f]{64} {2}big\.tar\.gz\n$/);
    const restored = await attachmentHashes(target.db);
    expect(Object.keys(restored).length).toBeGreaterThanOrEqual(151);
    expect(restored).toEqual(await attachmentHashes(big.db));
    expect(peak - idle).toBeLessThan(300 * 1024 * 1024);
    // No temporary copy is left behind.
    expect(await readdir(path.join(work, 'tmp'))).toEqual([]);
  }, 600_000);

  it(
    'a restore whose manifest is off by one fails and leaves every row of the target',
    async () => {
      const good = path.join(work, 'off-by-one-source.tar.gz');
      await takeBackup(source.handle, backupOptions(good));
      const file = path.join(work, 'off-by-one.tar.gz');
      await withEditedManifest(good, file, (m) => ({
        ...m,
        tables: { ...m.tables, users: m.tables.users! + 1 },
      }));

      const target = await emptyDatabase();
      await restoreBackup(target.handle, good, restoreOptions(false));
      await target.handle.db.insert(groups).values({ name: 'written after the restore' });
      const before = await rowCounts(target.handle.db);
      const keptBefore = await readdir(path.join(work, 'replaced')).catch(() => [] as string[]);

      await expect(restoreBackup(target.handle, file, restoreOptions(true))).rejects.toThrow(
        /users: the archive holds \d+ rows, its manifest says \d+/,
      );
      expect(await rowCounts(target.handle.db)).toEqual(before);
      const names = (await target.handle.db.select({ name: groups.name }).from(groups)).map((g) => g.name);
      expect(names).toContain('written after the restore');
      // What it was about to replace was written to a pre-restore archive first.
      const kept = (await readdir(path.join(work, 'replaced'))).filter((n) => !keptBefore.includes(n));
      expect(kept.filter((n) => n.endsWith('.tar.gz'))).toEqual([
        expect.stringMatching(/^pre-restore-\d{8}T\d{6}Z\.tar\.gz$/),
      ]);
      expect(await readdir(path.join(work, 'tmp'))).toEqual([]);
    },
    SLOW,
  );

  it(
    'refuses a manifest edited without signing it again, and an archive cut short',
    async () => {
      const good = path.join(work, 'off-by-one-source.tar.gz');
      const unpacked = await mkdtemp(path.join(work, 'unsigned-'));
      await tar.x({ file: good, cwd: unpacked });
      const manifestFile = path.join(unpacked, 'manifest.json');
      const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as BackupManifest;
      await writeFile(manifestFile, JSON.stringify({ ...manifest, productVersion: '0.0.9' }));
      const unsigned = path.join(work, 'unsigned.tar.gz');
      await tar.c({ gzip: true, file: unsigned, cwd: unpacked }, await readdir(unpacked));
      const target = await emptyDatabase();
      await expect(restoreBackup(target.handle, unsigned, restoreOptions(false))).rejects.toThrow(
        /manifest.json does not match its own checksum/,
      );

      const whole = await readFile(good);
      const cut = path.join(work, 'cut.tar.gz');
      await writeFile(cut, whole.subarray(0, Math.floor(whole.length / 2)));
      await expect(restoreBackup(target.handle, cut, restoreOptions(false))).rejects.toThrow(
        /cannot be unpacked \(truncated or not a tar.gz\?\)/,
      );
      expect(await rowCounts(target.handle.db)).toEqual(
        Object.fromEntries(Object.keys(await rowCounts(target.handle.db)).map((t) => [t, 0])),
      );
    },
    SLOW,
  );

  it(
    'refuses an archive written by a newer portal version, even with the same migrations',
    async () => {
      const good = path.join(work, 'off-by-one-source.tar.gz');
      const file = path.join(work, 'newer-version.tar.gz');
      await withEditedManifest(good, file, (m) => ({ ...m, productVersion: '99.0.0' }));
      const target = await emptyDatabase();
      await expect(restoreBackup(target.handle, file, restoreOptions(false))).rejects.toThrow(
        /written by portal 99\.0\.0, newer than this release/,
      );
    },
    SLOW,
  );

  it(
    'restores an archive of the format before issue 33 (format 1, no checksum of its own)',
    async () => {
      const good = path.join(work, 'off-by-one-source.tar.gz');
      const unpacked = await mkdtemp(path.join(work, 'format1-'));
      await tar.x({ file: good, cwd: unpacked });
      const manifestFile = path.join(unpacked, 'manifest.json');
      const { checksum: _dropped, ...rest } = JSON.parse(
        await readFile(manifestFile, 'utf8'),
      ) as BackupManifest;
      await writeFile(manifestFile, JSON.stringify({ ...rest, format: 1 }, null, 2));
      const file = path.join(work, 'format1.tar.gz');
      await tar.c({ gzip: true, file, cwd: unpacked }, await readdir(unpacked));
      const target = await emptyDatabase();
      const result = await restoreBackup(target.handle, file, restoreOptions(false));
      expect(result.manifest.format).toBe(1);
      expect(await rowCounts(target.handle.db)).toEqual(rest.tables);
    },
    SLOW,
  );

  // Only PostgreSQL has roles: registered there alone, never reported as skipped on PGlite.
  if (testBackend() === 'postgres') {
    it(
      "restores as the database's owner without superuser rights, and a failed one leaves every row",
      async () => {
        const adminUrl = process.env.PORTAL_TEST_PG_URL || DEFAULT_PG_URL;
        const suffix = randomBytes(5).toString('hex');
        const [role, database] = [`portal_owner_${suffix}`, `portal_owned_${suffix}`];
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        await admin.query(`create role ${role} login nosuperuser nocreatedb nocreaterole`);
        await admin.query(`create database ${database} owner ${role}`);
        const url = new URL(adminUrl);
        url.username = role;
        url.pathname = `/${database}`;
        const owned = openPostgres(url.toString());
        try {
          await owned.migrate();
          const good = path.join(work, 'off-by-one-source.tar.gz');
          await restoreBackup(owned, good, restoreOptions(false));
          await owned.db.insert(groups).values({ name: 'owner wrote this' });
          const before = await rowCounts(owned.db);
          expect(before.users).toBeGreaterThan(40);

          await expect(
            restoreBackup(owned, path.join(work, 'off-by-one.tar.gz'), restoreOptions(true)),
          ).rejects.toThrow(/users: the archive holds/);
          expect(await rowCounts(owned.db)).toEqual(before);

          await restoreBackup(owned, good, restoreOptions(true));
          const names = (await owned.db.select({ name: groups.name }).from(groups)).map((g) => g.name);
          expect(names).not.toContain('owner wrote this');
          const [row] = await rows<{ superuser: boolean }>(
            owned.db,
            sql`select rolsuper as superuser from pg_roles where rolname = current_user`,
          );
          expect(row!.superuser).toBe(false);
        } finally {
          await owned.close();
          await admin.query(`drop database if exists ${database} with (force)`);
          await admin.query(`drop role if exists ${role}`);
          await admin.end();
        }
      },
      SLOW,
    );
  }
});
