// Writes one backup archive of an open database. PostgreSQL is read in one repeatable-read
// transaction of its own connection, which blocks no one. An embedded database kept in a folder is
// copied first (pglite-snapshot.ts) and the archive read from that copy by a second PGlite, so the
// one connection of the serving database is never held for longer than a checkpoint. Every temporary
// file lives in `<scratchIn>/tmp/` and is removed whatever happens. Secrets (the generated JWT signing
// key in the data folder) stay out unless asked for; the result says what was left out.
import { access, copyFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MIGRATIONS_FOLDER, ONE_PASS_BUFFERS, openPglite, type DatabaseHandle } from '../../db/client.ts';
import { committedMigrations } from '../../db/migration-state.ts';
import { JWT_SECRET_FILE } from '../../jwt-secret.ts';
import {
  DiskFullError,
  isDiskFull,
  JWT_SECRET_PART,
  packArchive,
  productVersion,
  SEQUENCES_PART,
  type BackupManifest,
} from './archive.ts';
import { snapshotPglite } from './pglite-snapshot.ts';
import { makePrivateTmp } from './private-tmp.ts';
import { dumpTables, type DumpResult } from './table-dump.ts';

export interface BackupOptions {
  readonly file: string;
  /** The data folder whose generated jwt-secret is a secret of this installation (null: none). */
  readonly dataDir: string | null;
  readonly withSecrets: boolean;
  /** The data folder whose private tmp/ holds the temporary copies. */
  readonly scratchIn: string;
  /** Aborts the backup (a stop of the server): nothing of it is left, the error is the signal's reason. */
  readonly signal?: AbortSignal;
}

export interface BackupResult {
  readonly file: string;
  readonly manifest: BackupManifest;
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

async function dump(
  handle: DatabaseHandle,
  parts: string,
  scratch: string,
  signal: AbortSignal | undefined,
): Promise<DumpResult> {
  if (handle.kind !== 'pglite' || !handle.dataDir) return dumpTables(handle.db, parts, { signal });
  const copy = path.join(scratch, 'pglite');
  await snapshotPglite(handle, copy, signal);
  signal?.throwIfAborted();
  const reader = await openPglite(copy, { sharedBuffers: ONE_PASS_BUFFERS });
  try {
    return await dumpTables(reader.db, parts, { signal, spoolIn: copy });
  } finally {
    await reader.close();
  }
}

export async function takeBackup(handle: DatabaseHandle, options: BackupOptions): Promise<BackupResult> {
  const scratch = await makePrivateTmp(options.scratchIn, 'backup-');
  try {
    const createdAt = new Date().toISOString();
    const parts = path.join(scratch.dir, 'parts');
    await mkdir(parts, { mode: 0o700 });
    options.signal?.throwIfAborted();
    const dumped = await dump(handle, parts, scratch.dir, options.signal);
    await writeFile(path.join(parts, SEQUENCES_PART), JSON.stringify(dumped.sequences), { mode: 0o600 });
    const leftOut: string[] = [];
    const secret = options.dataDir ? path.join(options.dataDir, JWT_SECRET_FILE) : null;
    if (secret && (await exists(secret))) {
      if (options.withSecrets) {
        await mkdir(path.join(parts, 'secrets'), { mode: 0o700 });
        await copyFile(secret, path.join(parts, JWT_SECRET_PART));
      } else {
        leftOut.push(
          `${secret}: the generated token signing key (without it everyone signs in again after a restore)`,
        );
      }
    }
    const byWhen = new Map((await committedMigrations(MIGRATIONS_FOLDER)).map((m) => [m.when, m.tag]));
    const manifest = await packArchive(
      parts,
      options.file,
      {
        product: 'staff-portal',
        productVersion: await productVersion(),
        createdAt,
        database: handle.kind,
        migrations: dumped.migrations.map((m) => ({
          tag: byWhen.get(m.when) ?? null,
          when: m.when,
          hash: m.hash,
        })),
        tables: dumped.tables,
        leftOut,
      },
      options.signal,
    );
    return { file: options.file, manifest };
  } catch (error) {
    // Aborted wherever it was (a stream's AbortError, a check between pages): the signal's reason.
    if (options.signal?.aborted) throw options.signal.reason;
    if (!isDiskFull(error)) throw error;
    // packArchive and the finally below leave nothing behind; older archives are never touched.
    const where = (error as NodeJS.ErrnoException).path ?? path.dirname(options.file);
    throw new DiskFullError(
      `No space left on the disk (writing ${where}): the backup ${options.file} was not written, ` +
        'and nothing of it is left behind; older backups are untouched. Free some space ' +
        '(or set BACKUP_DIR to a larger disk) and run the backup again.',
      { cause: error },
    );
  } finally {
    await scratch.dispose();
  }
}
