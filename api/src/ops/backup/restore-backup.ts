// Restores an archive into a database, all or nothing. Before anything is touched: the archive is
// unpacked into a private folder and checked (its manifest's own hash, every part's hash), a backup
// newer than this code (a migration it does not know, an edited migration, a newer product version)
// is refused, and a target that holds rows is refused unless forced, and then first written to a
// `pre-restore-…` archive. Then ONE transaction rebuilds the schema with exactly the migrations the
// backup was taken with, loads every table, checks each count against the manifest, sets the
// sequences and applies this code's later migrations; it commits only when all of that worked. The
// transaction is the staging area (nothing of it is visible or durable before the commit), so a
// failure, a refusal or a kill at any moment leaves the target exactly as it was: PostgreSQL rolls
// the transaction back, PGlite's recovery discards it when the folder is next opened.
//
// It needs no superuser: instead of session_replication_role, the loading transaction disables the
// tables' own triggers (the rows already hold what they derived) and makes the foreign keys
// deferred, so rows load in any order and every key is still checked before the commit.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { RestoreFaultPoint } from '../../config.ts';
import { MIGRATIONS_FOLDER, type DatabaseHandle, type Db } from '../../db/client.ts';
import { appliedMigrations, committedMigrations, describeApplied } from '../../db/migration-state.ts';
import { JWT_SECRET_FILE } from '../../jwt-secret.ts';
import {
  BackupError,
  compareVersions,
  DiskFullError,
  isDiskFull,
  JWT_SECRET_PART,
  openArchive,
  productVersion,
  SEQUENCES_PART,
  type BackupManifest,
} from './archive.ts';
import { archiveName } from './backup-files.ts';
import { makePrivateTmp } from './private-tmp.ts';
import { loadTable, publicTables, setSequences, type SequenceValue } from './table-dump.ts';
import { takeBackup } from './take-backup.ts';

export interface RestoreOptions {
  /** Replace a target database that holds rows. */
  readonly force: boolean;
  /** Where a backed-up jwt-secret goes (the embedded data folder); null: not restored. */
  readonly dataDir: string | null;
  /** The data folder whose private tmp/ holds the unpacked archive. */
  readonly scratchIn: string;
  /** Where the rows being replaced are written first (pre-restore-<time>.tar.gz). */
  readonly keepReplacedIn: string;
  readonly faultAt?: RestoreFaultPoint;
}

export interface RestoreResult {
  readonly manifest: BackupManifest;
  /** Migrations applied after loading: the backup was older than this code. */
  readonly migrated: string[];
  readonly restoredSecret: boolean;
  /** The archive of what the target held before (null: it held no rows). */
  readonly replacedKeptIn: string | null;
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

function reach(point: RestoreFaultPoint, options: RestoreOptions): void {
  if (options.faultAt === point) process.kill(process.pid, 'SIGKILL');
}

/** The number of leading committed migrations the backup was taken with, or a refusal naming the others. */
async function backupMigrationCount(manifest: BackupManifest): Promise<number> {
  const committed = await committedMigrations(MIGRATIONS_FOLDER);
  const problems = manifest.migrations.flatMap((m, i) => {
    const mine = committed[i];
    if (!mine || mine.when !== m.when) {
      return [
        `${m.tag ?? describeApplied(m)} is unknown to this code: the backup is newer than this release`,
      ];
    }
    return mine.hash === m.hash ? [] : [`${mine.tag} differs from api/drizzle/${mine.tag}.sql`];
  });
  const ours = await productVersion();
  if (compareVersions(manifest.productVersion, ours) > 0) {
    problems.push(
      `it was written by portal ${manifest.productVersion}, newer than this release (${ours}): ` +
        'restore it with that release or a later one',
    );
  }
  if (problems.length > 0) {
    throw new BackupError(`Refusing to restore this backup:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
  return manifest.migrations.length;
}

async function tablesWithRows(db: Db): Promise<string[]> {
  const withRows: string[] = [];
  for (const table of await publicTables(db)) {
    const [row] = await rows<{ any: boolean }>(
      db,
      sql`select exists (select 1 from public.${sql.identifier(table)}) as any`,
    );
    if (row?.any) withRows.push(table);
  }
  return withRows;
}

/**
 * drizzle's migrator, inside the caller's transaction (drizzle's own opens a transaction of its
 * own, which would commit ours): the first `count` committed migrations not applied yet.
 */
async function applyMigrations(tx: Db, count?: number): Promise<void> {
  const files = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).slice(0, count);
  await tx.execute(sql`create schema if not exists drizzle`);
  await tx.execute(
    sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
  );
  const last = Math.max(0, ...(await appliedMigrations(tx)).map((m) => m.when));
  for (const migration of files) {
    if (migration.folderMillis <= last) continue;
    for (const statement of migration.sql) {
      if (statement.trim() !== '') await tx.execute(sql.raw(statement));
    }
    await tx.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`,
    );
  }
}

interface ForeignKey {
  readonly table: string;
  readonly name: string;
}

async function immediateForeignKeys(tx: Db): Promise<ForeignKey[]> {
  return rows<ForeignKey>(
    tx,
    sql`select c.relname as table, k.conname as name from pg_constraint k
        join pg_class c on c.oid = k.conrelid
        where k.contype = 'f' and k.connamespace = 'public'::regnamespace and not k.condeferrable`,
  );
}

async function loadAll(
  tx: Db,
  dir: string,
  manifest: BackupManifest,
  options: RestoreOptions,
): Promise<void> {
  const tables = await publicTables(tx);
  const unknown = Object.keys(manifest.tables).filter((t) => !tables.includes(t));
  if (unknown.length > 0) {
    throw new BackupError(`the archive holds tables its migrations do not create: ${unknown.join(', ')}`);
  }
  const keys = await immediateForeignKeys(tx);
  for (const key of keys) {
    await tx.execute(
      sql`alter table public.${sql.identifier(key.table)} alter constraint ${sql.identifier(key.name)} deferrable initially deferred`,
    );
  }
  for (const table of tables) {
    await tx.execute(sql`alter table public.${sql.identifier(table)} disable trigger user`);
  }
  let first = true;
  for (const [table, expected] of Object.entries(manifest.tables)) {
    const loaded = await loadTable(tx, dir, table);
    if (loaded !== expected) {
      throw new BackupError(`${table}: the archive holds ${loaded} rows, its manifest says ${expected}`);
    }
    if (first) reach('rows-loading', options);
    first = false;
  }
  // Every foreign key is checked here, before anything is committed.
  await tx.execute(sql`set constraints all immediate`);
  for (const key of keys) {
    await tx.execute(
      sql`alter table public.${sql.identifier(key.table)} alter constraint ${sql.identifier(key.name)} not deferrable`,
    );
  }
  for (const table of tables) {
    await tx.execute(sql`alter table public.${sql.identifier(table)} enable trigger user`);
  }
}

export async function restoreBackup(
  handle: DatabaseHandle,
  file: string,
  options: RestoreOptions,
): Promise<RestoreResult> {
  try {
    return await restoreAllOrNothing(handle, file, options);
  } catch (error) {
    if (!isDiskFull(error)) throw error;
    const where = (error as NodeJS.ErrnoException).path;
    throw new DiskFullError(
      `No space left on the disk${where ? ` (writing ${where})` : ''}: nothing was restored, the database ` +
        `is as it was and the temporary copies are removed. Free some space and run the restore again ` +
        `(it needs room for the unpacked archive and, with --force, a backup of what it replaces).`,
      { cause: error },
    );
  }
}

async function restoreAllOrNothing(
  handle: DatabaseHandle,
  file: string,
  options: RestoreOptions,
): Promise<RestoreResult> {
  const scratch = await makePrivateTmp(options.scratchIn, 'restore-');
  try {
    const { manifest } = await openArchive(file, scratch.dir);
    const count = await backupMigrationCount(manifest);
    const committed = await committedMigrations(MIGRATIONS_FOLDER);
    const sequences = JSON.parse(
      await readFile(path.join(scratch.dir, SEQUENCES_PART), 'utf8'),
    ) as SequenceValue[];
    reach('checked', options);

    let replacedKeptIn: string | null = null;
    const occupied = await tablesWithRows(handle.db);
    if (occupied.length > 0) {
      if (!options.force) {
        throw new BackupError(
          `The target database is not empty (rows in ${occupied.length} tables, e.g. ${occupied.slice(0, 3).join(', ')}): ` +
            'pass --force to replace everything in it.',
        );
      }
      replacedKeptIn = path.join(options.keepReplacedIn, archiveName('pre-restore', new Date()));
      await takeBackup(handle, {
        file: replacedKeptIn,
        dataDir: options.dataDir,
        withSecrets: false,
        scratchIn: options.scratchIn,
      });
    }
    reach('replaced-kept', options);

    await handle.withMigrationLock((session) =>
      session.db.transaction(async (tx) => {
        await tx.execute(sql`drop schema if exists drizzle cascade`);
        await tx.execute(sql`drop schema if exists public cascade`);
        await tx.execute(sql`create schema public`);
        await tx.execute(sql`grant usage on schema public to public`);
        reach('schema-dropped', options);
        await applyMigrations(tx, count);
        await loadAll(tx, scratch.dir, manifest, options);
        await setSequences(tx, sequences);
        reach('rows-loaded', options);
        await applyMigrations(tx);
        reach('before-commit', options);
      }),
    );

    let restoredSecret = false;
    if (options.dataDir && JWT_SECRET_PART in manifest.parts) {
      const secret = await readFile(path.join(scratch.dir, JWT_SECRET_PART));
      await writeFile(path.join(options.dataDir, JWT_SECRET_FILE), secret, { mode: 0o600 });
      restoredSecret = true;
    }
    return { manifest, migrated: committed.slice(count).map((m) => m.tag), restoredSecret, replacedKeptIn };
  } finally {
    await scratch.dispose();
  }
}
