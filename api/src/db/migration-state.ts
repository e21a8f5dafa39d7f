// What the committed migrations (api/drizzle/) and a database's record of applied ones (drizzle's
// drizzle.__drizzle_migrations: the sha256 of each file and its journal timestamp) say about each
// other. drizzle's migrator only compares timestamps, so a database migrated by a newer release, or
// one whose applied migration was edited since, would be used silently: start refuses both.
import { copyFile, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Db } from './client.ts';

export interface Migration {
  /** The file name without .sql, e.g. 0005_attendance. */
  readonly tag: string;
  /** The journal's timestamp, stored as created_at. */
  readonly when: number;
  readonly hash: string;
}

export interface AppliedMigration {
  readonly when: number;
  readonly hash: string;
}

interface Journal {
  entries: { tag: string; when: number }[];
}

async function readJournal(folder: string): Promise<Journal> {
  return JSON.parse(await readFile(path.join(folder, 'meta/_journal.json'), 'utf8')) as Journal;
}

export async function committedMigrations(folder: string): Promise<Migration[]> {
  const journal = await readJournal(folder);
  const files = readMigrationFiles({ migrationsFolder: folder });
  return journal.entries.map((entry, i) => ({ tag: entry.tag, when: entry.when, hash: files[i]!.hash }));
}

export async function appliedMigrations(db: Db): Promise<AppliedMigration[]> {
  const exists = (await db.execute(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  )) as unknown as { rows: { present: boolean }[] };
  if (!exists.rows[0]?.present) return [];
  const result = (await db.execute(
    sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at, id`,
  )) as unknown as { rows: { hash: string; created_at: string | number }[] };
  return result.rows.map((row) => ({ when: Number(row.created_at), hash: row.hash }));
}

export interface MigrationComparison {
  /** Applied, but not among the committed files: written by a newer release. */
  readonly unknown: AppliedMigration[];
  /** Applied with a different hash than the committed file has now. */
  readonly edited: Migration[];
  /** Committed and not applied yet. */
  readonly pending: Migration[];
}

export function compareMigrations(
  committed: readonly Migration[],
  applied: readonly AppliedMigration[],
): MigrationComparison {
  const byWhen = new Map(committed.map((m) => [m.when, m]));
  const unknown = applied.filter((a) => !byWhen.has(a.when));
  const edited = applied.flatMap((a) => {
    const file = byWhen.get(a.when);
    return file && file.hash !== a.hash ? [file] : [];
  });
  const appliedWhen = new Set(applied.map((a) => a.when));
  return { unknown, edited, pending: committed.filter((m) => !appliedWhen.has(m.when)) };
}

export function describeApplied(a: AppliedMigration): string {
  return `migration of ${new Date(a.when).toISOString()} (sha256 ${a.hash.slice(0, 12)}…)`;
}

export class MigrationMismatchError extends Error {
  constructor(comparison: MigrationComparison) {
    const lines = [
      ...comparison.unknown.map(
        (a) => `  - ${describeApplied(a)} is applied but unknown to this code (a newer release?)`,
      ),
      ...comparison.edited.map(
        (m) => `  - ${m.tag} was applied with different contents than api/drizzle/${m.tag}.sql has now`,
      ),
    ];
    super(
      `The database does not match this code's migrations; refusing to start:\n${lines.join('\n')}\n` +
        'Run the release that wrote it, or restore a backup made by this one (npm run restore).',
    );
    this.name = 'MigrationMismatchError';
  }
}

/** Throws MigrationMismatchError when the database knows migrations this code does not, or edited ones. */
export function refuseMismatch(comparison: MigrationComparison): void {
  if (comparison.unknown.length > 0 || comparison.edited.length > 0) {
    throw new MigrationMismatchError(comparison);
  }
}

/**
 * A copy of `folder` holding only its first `count` migrations: restore rebuilds a backup's schema
 * with exactly the migrations it was taken with, loads the rows, then migrates the rest.
 */
export async function migrationsFolderUpTo(folder: string, count: number): Promise<string> {
  const journal = await readJournal(folder);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-migrations-'));
  await mkdir(path.join(dir, 'meta'));
  const entries = journal.entries.slice(0, count);
  await writeFile(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const entry of entries) {
    await copyFile(path.join(folder, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  }
  return dir;
}
