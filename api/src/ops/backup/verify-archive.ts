// The restore drill (issue 39): an archive is restored into a scratch embedded database made for the
// purpose, exactly as `npm run restore` would restore it (the manifest's own hash and every part's
// checked, the migrations it was taken with compared with this code's, every table loaded and counted
// against the manifest), then the scratch database is counted again and its migrations read back.
// Whatever the outcome, `<backup dir>/last-verify.json` says so (readiness and metrics read it), and
// the scratch database is removed.
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER, ONE_PASS_BUFFERS, openPglite } from '../../db/client.ts';
import { appliedMigrations, committedMigrations } from '../../db/migration-state.ts';
import type { BackupManifest } from './archive.ts';
import { makePrivateTmp } from './private-tmp.ts';
import { restoreBackup } from './restore-backup.ts';
import { publicTables } from './table-dump.ts';

export const LAST_VERIFY_FILE = 'last-verify.json';

/** The contract with readiness and metrics: `<backup dir>/last-verify.json`. */
export interface LastVerify {
  readonly at: string;
  readonly ok: boolean;
  readonly archive: string;
  readonly problem: string | null;
}

export interface VerifyResult extends LastVerify {
  /** null when the archive could not be read at all. */
  readonly manifest: BackupManifest | null;
  /** Migrations this code applied after the archive's own (it was taken by an older release). */
  readonly migrated: string[];
}

/** Writes `last-verify.json` into `backupDir` atomically (a temporary file, then a rename). */
export async function writeLastVerify(backupDir: string, status: LastVerify): Promise<void> {
  const target = path.join(backupDir, LAST_VERIFY_FILE);
  const temporary = `${target}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(status, null, 2)}\n`, { mode: 0o600 });
  await rename(temporary, target);
}

async function countAndCompare(
  dir: string,
  manifest: BackupManifest,
  committedCount: number,
): Promise<string | null> {
  const handle = await openPglite(dir, { sharedBuffers: ONE_PASS_BUFFERS });
  try {
    const problems: string[] = [];
    const tables = await publicTables(handle.db);
    for (const [table, expected] of Object.entries(manifest.tables)) {
      if (!tables.includes(table)) {
        problems.push(`table ${table} is missing after the restore`);
        continue;
      }
      const result = (await handle.db.execute(
        sql`select count(*)::int as n from public.${sql.identifier(table)}`,
      )) as unknown as { rows: { n: number }[] };
      const found = result.rows[0]!.n;
      if (found !== expected)
        problems.push(`${table}: ${found} rows restored, the manifest says ${expected}`);
    }
    const applied = await appliedMigrations(handle.db);
    if (applied.length !== committedCount) {
      problems.push(
        `${applied.length} migrations applied after the restore, this code has ${committedCount}`,
      );
    }
    manifest.migrations.forEach((m, i) => {
      if (applied[i]?.hash !== m.hash)
        problems.push(`migration ${m.tag ?? m.when} differs after the restore`);
    });
    return problems.length === 0 ? null : problems.join('; ');
  } finally {
    await handle.close();
  }
}

/**
 * Restores `file` into a scratch embedded database under `<scratchIn>/tmp/` and checks it; writes
 * `last-verify.json` into `backupDir`. Never throws for a bad archive: the result says what is wrong.
 */
export async function verifyArchive(
  file: string,
  options: { scratchIn: string; backupDir: string; now?: () => Date },
): Promise<VerifyResult> {
  const scratch = await makePrivateTmp(options.scratchIn, 'verify-');
  let manifest: BackupManifest | null = null;
  let migrated: string[] = [];
  let problem: string | null;
  try {
    const dir = path.join(scratch.dir, 'pglite');
    const handle = await openPglite(dir, { sharedBuffers: ONE_PASS_BUFFERS });
    try {
      const result = await restoreBackup(handle, file, {
        force: false,
        dataDir: null,
        scratchIn: options.scratchIn,
        keepReplacedIn: scratch.dir,
      });
      manifest = result.manifest;
      migrated = result.migrated;
    } finally {
      await handle.close();
    }
    const committed = await committedMigrations(MIGRATIONS_FOLDER);
    problem = await countAndCompare(dir, manifest, committed.length);
  } catch (error) {
    problem = (error as Error).message;
  } finally {
    await scratch.dispose();
  }
  const status: LastVerify = {
    at: (options.now?.() ?? new Date()).toISOString(),
    ok: problem === null,
    archive: path.basename(file),
    problem,
  };
  await writeLastVerify(options.backupDir, status);
  return { ...status, manifest, migrated };
}
