// `npm run restore -- FILE [--force]`: the archive into the configured database, all or nothing
// (ops/backup/restore-backup.ts): a failure or a kill leaves the target as it was, and what --force
// replaces is first written to BACKUP_DIR/pre-restore-<time>.tar.gz. The embedded database must not
// be in use (stop the portal first); one that cannot be opened is moved aside (pglite.damaged-<time>,
// never deleted) with --force and a new one is made.
import { rename } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfigFromProcess, type Config } from '../config.ts';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/client.ts';
import { commandRunner, logOperation } from './backup/operation-log.ts';
import { removeTmpOnSignal } from './backup/private-tmp.ts';
import { restoreBackup, type RestoreOptions, type RestoreResult } from './backup/restore-backup.ts';
import { clearCreatedEmpty } from './created-empty.ts';
import { DataDirBusyError, lockDataDir } from '../db/data-dir-lock.ts';
import { makePrivate } from './data-dir.ts';
import { DatabaseUnopenableError, openEmbedded } from './open-embedded.ts';

/** The command's report, on stdout (problems go to stderr). */
function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

async function openOrReplaceEmbedded(config: Config, force: boolean): Promise<DatabaseHandle> {
  try {
    return await openEmbedded(config.pgliteDir, config.backup.dir);
  } catch (error) {
    if (!(error instanceof DatabaseUnopenableError) || !force) throw error;
    const aside = `${config.pgliteDir}.damaged-${new Date().toISOString().replace(/[-:.]/g, '')}`;
    await rename(config.pgliteDir, aside);
    say(`The database could not be opened; moved it aside to ${aside}.`);
    const handle = await openPglite(config.pgliteDir);
    // Unpacked with the modes of PGlite's template (files 0666), whatever the umask.
    await makePrivate(config.pgliteDir);
    return handle;
  }
}

async function run(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean', default: false } },
  });
  if (positionals.length !== 1) throw new Error('usage: npm run restore -- <archive> [--force]');
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]!);
  const config = loadConfigFromProcess();
  const ranBy = commandRunner('npm run restore');
  const options: RestoreOptions = {
    force: values.force,
    dataDir: config.databaseUrl ? null : config.dataDir,
    scratchIn: config.dataDir,
    keepReplacedIn: config.backup.dir,
    ...(config.restoreFaultAt ? { faultAt: config.restoreFaultAt } : {}),
  };
  let result: RestoreResult;
  // The start and the end are each a line, so a log of the command shows a restore that never ended.
  say(
    `Restoring ${file} into ${config.databaseUrl ? 'the PostgreSQL database of DATABASE_URL' : config.pgliteDir}…`,
  );
  if (config.databaseUrl) {
    const handle = openPostgres(config.databaseUrl);
    try {
      result = await restoreBackup(handle, file, options);
      await logOperation(handle.db, { kind: 'restore', file, ranBy });
    } finally {
      await handle.close();
    }
  } else {
    const lock = await lockDataDir(config.dataDir).catch((error: unknown) => {
      if (error instanceof DataDirBusyError)
        throw new Error(`${error.message}\nStop the portal before restoring.`);
      throw error;
    });
    try {
      // Whatever happens next, this folder is not one for the demo company any more.
      await clearCreatedEmpty(config.pgliteDir);
      const handle = await openOrReplaceEmbedded(config, values.force);
      await clearCreatedEmpty(config.pgliteDir);
      try {
        result = await restoreBackup(handle, file, options);
        await logOperation(handle.db, { kind: 'restore', file, ranBy });
      } finally {
        await handle.close();
      }
    } finally {
      await lock.release();
    }
  }
  const rows = Object.values(result.manifest.tables).reduce((a, b) => a + b, 0);
  if (result.replacedKeptIn) say(`What the database held before was written to ${result.replacedKeptIn}.`);
  say(`Restored ${file}: ${Object.keys(result.manifest.tables).length} tables, ${rows} rows.`);
  if (result.manifest.format === 1)
    say('(An archive of the format before 2026-11: it has no checksum of its own; its parts were checked.)');
  if (result.migrated.length > 0)
    say(`Then applied this release's migrations: ${result.migrated.join(', ')}`);
  if (result.restoredSecret) say('The token signing key (jwt-secret) was restored too.');
}

// Archives, copies and a database this command creates are the portal user's alone (as the server's).
process.umask(0o077);
removeTmpOnSignal();
try {
  await run();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `Restore failed: ${(error as Error).message}`);
  process.exit(1);
}
