// Issue 33: `npm run restore -- --force` killed (SIGKILL, no handler runs) at several points leaves
// every row of the embedded target, and the command then restores it; a folder whose first restore
// failed starts without seeding the demo company.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { REPO_ROOT } from '../src/config.ts';
import { pgliteHandle, type Db } from '../src/db/client.ts';
import { groups } from '../src/db/schema/users.ts';
import { createLogger } from '../src/logger.ts';
import { manifestChecksum, type BackupManifest } from '../src/ops/backup/archive.ts';
import { takeBackup } from '../src/ops/backup/take-backup.ts';
import { wasCreatedEmpty } from '../src/ops/created-empty.ts';
import { lockDataDir } from '../src/db/data-dir-lock.ts';
import { openEmbedded } from '../src/ops/open-embedded.ts';
import { prepareDatabase } from '../src/prepare-database.ts';
import { openTestDatabase } from './support/test-database.ts';

const SLOW = 600_000;
let work: string;
let archive: string;
let offByOne: string;

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

/** `npm run restore` as an operator runs it, on the data folder `dataDir`. */
function restoreCli(
  dataDir: string,
  file: string,
  env: Record<string, string> = {},
): Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }> {
  return new Promise((resolve) => {
    // tsx as a loader, not its CLI: the CLI runs the script in a child of its own and reports a
    // killed child as an exit code, hiding the signal this test looks for.
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(REPO_ROOT, 'api/src/ops/restore-cli.ts'), file, '--force'],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, PORTAL_DATA_DIR: dataDir, BACKUP_DIR: path.join(dataDir, 'backups'), ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code, signal) => resolve({ code, signal, output }));
  });
}

/**
 * Opens the embedded database in `dir` (`<data folder>/pglite`) as this release does: holding the data
 * folder's lock, so its owner record says a lock-aware release wrote it (an unrecorded recent write is
 * refused as a possible older release still running).
 */
async function withFolder<T>(dir: string, work: (db: Db) => Promise<T>): Promise<T> {
  const lock = await lockDataDir(path.dirname(dir));
  try {
    const client = await PGlite.create(dir);
    try {
      return await work(pgliteHandle(client, dir).db);
    } finally {
      await client.close();
    }
  } finally {
    await lock.release();
  }
}

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'portal-restore-faults-'));
  const source = await openTestDatabase('seeded');
  try {
    await source.handle.db.insert(groups).values({ name: 'from the archive' });
    archive = path.join(work, 'archive.tar.gz');
    await takeBackup(source.handle, { file: archive, dataDir: null, withSecrets: false, scratchIn: work });
  } finally {
    await source.dispose();
  }
  const unpacked = await mkdtemp(path.join(work, 'edit-'));
  await tar.x({ file: archive, cwd: unpacked });
  const manifest = JSON.parse(await readFile(path.join(unpacked, 'manifest.json'), 'utf8')) as BackupManifest;
  const edited = { ...manifest, tables: { ...manifest.tables, groups: manifest.tables.groups! - 1 } };
  await writeFile(
    path.join(unpacked, 'manifest.json'),
    JSON.stringify({ ...edited, checksum: manifestChecksum(edited) }),
  );
  offByOne = path.join(work, 'off-by-one.tar.gz');
  await tar.c({ gzip: true, file: offByOne, cwd: unpacked }, await readdir(unpacked));
}, SLOW);
afterAll(() => rm(work, { recursive: true, force: true }));

describe('a restore killed or failing half way (embedded)', () => {
  it(
    'leaves every row of the target when killed at any of four points, then restores',
    async () => {
      const dataDir = path.join(work, 'killed');
      const pgliteDir = path.join(dataDir, 'pglite');
      const tarball = await readFile(inject('pgliteTemplates').seeded);
      await mkdir(pgliteDir, { recursive: true });
      const lock = await lockDataDir(dataDir);
      const target = await PGlite.create(pgliteDir, { loadDataDir: new Blob([tarball]) });
      await target.query(`insert into groups (name) values ('only in the target')`);
      await target.close();
      await lock.release();
      const before = await withFolder(pgliteDir, rowCounts);

      for (const point of ['replaced-kept', 'schema-dropped', 'rows-loading', 'before-commit']) {
        const run = await restoreCli(dataDir, archive, { PORTAL_RESTORE_FAULT_AT: point });
        expect({ point, signal: run.signal, output: run.signal ? '' : run.output }).toEqual({
          point,
          signal: 'SIGKILL',
          output: '',
        });
        expect({ point, counts: await withFolder(pgliteDir, rowCounts) }).toEqual({ point, counts: before });
      }
      // Each run got as far as keeping what it was about to replace.
      const kept = (await readdir(path.join(dataDir, 'backups'))).filter((n) => n.endsWith('.tar.gz'));
      expect(kept).toHaveLength(4);
      expect(kept.every((n) => n.startsWith('pre-restore-'))).toBe(true);

      const done = await restoreCli(dataDir, archive);
      expect(done.output).toMatch(
        /Restoring .*archive\.tar\.gz into .*…\n(.*\n)*Restored .*archive\.tar\.gz/,
      );
      expect(done.code).toBe(0);
      const names = await withFolder(pgliteDir, async (db) =>
        (await db.select({ name: groups.name }).from(groups)).map((g) => g.name),
      );
      expect(names).toContain('from the archive');
      expect(names).not.toContain('only in the target');
    },
    SLOW,
  );

  it(
    'refuses an archive whose manifest is off by one; the folder then starts without the demo company',
    async () => {
      const dataDir = path.join(work, 'new-folder');
      const pgliteDir = path.join(dataDir, 'pglite');
      const run = await restoreCli(dataDir, offByOne);
      expect(run.output).toMatch(/groups: the archive holds \d+ rows, its manifest says \d+/);
      expect(run.code).toBe(1);
      // The command created the folder, so it was marked for seeding, and the restore took that back.
      expect(await wasCreatedEmpty(pgliteDir)).toBe(false);
      expect(await readdir(path.join(dataDir, 'tmp'))).toEqual([]);

      const handle = await openEmbedded(pgliteDir, path.join(dataDir, 'backups'));
      try {
        await prepareDatabase(handle, { seedDemo: 'auto', logger: createLogger('silent') });
        const [users] = await rows<{ n: number }>(handle.db, sql`select count(*)::int as n from users`);
        expect(users!.n).toBe(0);
      } finally {
        await handle.close();
      }

      // A folder the portal creates itself is marked, and is the only kind SEED_DEMO=auto seeds.
      const fresh = path.join(work, 'fresh', 'pglite');
      const created = await openEmbedded(fresh, path.join(work, 'fresh', 'backups'));
      await created.close();
      expect(await wasCreatedEmpty(fresh)).toBe(true);
    },
    SLOW,
  );
});
