// Restores an archive into a database: refuses a backup newer than this code (or made from edited
// migrations) and a target that holds rows unless forced; rebuilds the schema with exactly the
// migrations the backup was taken with, loads the rows with triggers and foreign-key checks off (the
// rows are already consistent, and triggers would derive rows a second time), sets the sequences,
// then applies this code's later migrations, all under the migration lock. A restore that fails half
// way leaves a partial database: run it again (with --force).
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER, type DatabaseHandle, type Db } from '../../db/client.ts';
import { committedMigrations, describeApplied, migrationsFolderUpTo } from '../../db/migration-state.ts';
import { JWT_SECRET_FILE } from '../../jwt-secret.ts';
import { BackupError, JWT_SECRET_PART, openArchive, SEQUENCES_PART, type BackupManifest } from './archive.ts';
import { loadTable, publicTables, setSequences, type SequenceValue } from './table-dump.ts';

export interface RestoreOptions {
  /** Replace a target database that holds rows. */
  readonly force: boolean;
  /** Where a backed-up jwt-secret goes (the embedded data folder); null: not restored. */
  readonly dataDir: string | null;
}

export interface RestoreResult {
  readonly manifest: BackupManifest;
  /** Migrations applied after loading: the backup was older than this code. */
  readonly migrated: string[];
  readonly restoredSecret: boolean;
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
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

export async function restoreBackup(
  handle: DatabaseHandle,
  file: string,
  options: RestoreOptions,
): Promise<RestoreResult> {
  const archive = await openArchive(file);
  try {
    const { manifest } = archive;
    const count = await backupMigrationCount(manifest);
    const committed = await committedMigrations(MIGRATIONS_FOLDER);
    const sequences = JSON.parse(
      await readFile(path.join(archive.dir, SEQUENCES_PART), 'utf8'),
    ) as SequenceValue[];
    const partial = await migrationsFolderUpTo(MIGRATIONS_FOLDER, count);
    try {
      await handle.withMigrationLock(async (session) => {
        const occupied = await tablesWithRows(session.db);
        if (occupied.length > 0 && !options.force) {
          throw new BackupError(
            `The target database is not empty (rows in ${occupied.length} tables, e.g. ${occupied.slice(0, 3).join(', ')}): ` +
              'pass --force to replace everything in it.',
          );
        }
        await session.db.transaction(async (tx) => {
          await tx.execute(sql`drop schema if exists drizzle cascade`);
          await tx.execute(sql`drop schema if exists public cascade`);
          await tx.execute(sql`create schema public`);
        });
        await session.migrate(partial);
        await session.db.transaction(async (tx) => {
          await tx.execute(sql`set local session_replication_role = replica`);
          for (const [table, expected] of Object.entries(manifest.tables)) {
            const loaded = await loadTable(tx, archive.dir, table);
            if (loaded !== expected) {
              throw new BackupError(
                `${table}: the archive holds ${loaded} rows, its manifest says ${expected}`,
              );
            }
          }
          await setSequences(tx, sequences);
        });
        await session.migrate();
      });
    } finally {
      await rm(partial, { recursive: true, force: true });
    }
    let restoredSecret = false;
    if (options.dataDir && JWT_SECRET_PART in manifest.parts) {
      const secret = await readFile(path.join(archive.dir, JWT_SECRET_PART));
      await writeFile(path.join(options.dataDir, JWT_SECRET_FILE), secret, { mode: 0o600 });
      restoredSecret = true;
    }
    return { manifest, migrated: committed.slice(count).map((m) => m.tag), restoredSecret };
  } finally {
    await archive.dispose();
  }
}
