// A consistent copy of a running embedded database's folder, taken the way PostgreSQL takes an online
// base backup: pg_backup_start (a checkpoint), the files copied while the database keeps serving,
// pg_backup_stop, its backup_label written into the copy, the write-ahead log copied last. Opening the
// copy replays that log, so it holds every transaction committed before the copy ended and is
// consistent whatever was written during it. The database is blocked only for the checkpoint; the
// logical archive is then read from the copy by a second PGlite (take-backup.ts).
import { appendFile, copyFile, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client.ts';

/** Per-process files of the running instance, not part of the database. */
const SKIP = new Set(['postmaster.pid', 'postmaster.opts']);
const COPY_AT_ONCE = 8;

function isGone(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/** Copies `from` into `to` file by file; files removed meanwhile (a dropped table) are skipped. */
async function copyTree(
  from: string,
  to: string,
  skip: (rel: string) => boolean,
  signal: AbortSignal | undefined,
  rel = '',
): Promise<void> {
  await mkdir(path.join(to, rel), { recursive: true, mode: 0o700 });
  let entries;
  try {
    entries = await readdir(path.join(from, rel), { withFileTypes: true });
  } catch (error) {
    if (isGone(error)) return;
    throw error;
  }
  const files: string[] = [];
  for (const entry of entries) {
    const child = rel ? path.join(rel, entry.name) : entry.name;
    if (skip(child)) continue;
    if (entry.isDirectory()) await copyTree(from, to, skip, signal, child);
    else files.push(child);
  }
  // A few at a time: the copy is I/O, and the event loop stays free for requests in between.
  for (let i = 0; i < files.length; i += COPY_AT_ONCE) {
    signal?.throwIfAborted();
    await Promise.all(
      files.slice(i, i + COPY_AT_ONCE).map((file) =>
        copyFile(path.join(from, file), path.join(to, file)).catch((error: unknown) => {
          if (!isGone(error)) throw error;
        }),
      ),
    );
    await yieldToEventLoop();
  }
}

/** Copies the embedded database of `handle` (opened on a folder) into the new folder `to`. */
export async function snapshotPglite(
  handle: DatabaseHandle,
  to: string,
  signal?: AbortSignal,
): Promise<void> {
  const from = handle.dataDir;
  if (handle.kind !== 'pglite' || !from) throw new Error('snapshotPglite needs PGlite kept in a folder');
  await handle.db.execute(sql`select pg_backup_start('portal backup', true)`);
  let label: string;
  try {
    await copyTree(from, to, (rel) => SKIP.has(rel) || rel === 'pg_wal' || rel === 'backup_label', signal);
  } finally {
    const stopped = (await handle.db.execute(
      sql`select labelfile from pg_backup_stop(false)`,
    )) as unknown as {
      rows: { labelfile: string }[];
    };
    label = stopped.rows[0]!.labelfile;
  }
  await writeFile(path.join(to, 'backup_label'), label, { mode: 0o600 });
  await rm(path.join(to, 'pg_wal'), { recursive: true, force: true });
  await copyTree(from, to, (rel) => rel !== 'pg_wal' && !rel.startsWith(`pg_wal${path.sep}`), signal);
  // The copy is only read once: a small buffer pool keeps the second instance's memory down.
  await appendFile(path.join(to, 'postgresql.conf'), '\nshared_buffers = 16MB\n');
}
