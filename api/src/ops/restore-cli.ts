// `npm run restore -- FILE [--force]`: the archive into the configured database. The embedded
// database must not be in use (stop the portal first); one that cannot be opened is moved aside
// (pglite.damaged-<time>, never deleted) with --force and a new one is made.
import { rename } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfigFromProcess, type Config } from '../config.ts';
import { openPglite, openPostgres, type DatabaseHandle } from '../db/client.ts';
import { restoreBackup, type RestoreResult } from './backup/restore-backup.ts';
import { DataDirBusyError, lockDataDir } from './data-dir-lock.ts';
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
    return openPglite(config.pgliteDir);
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
  let result: RestoreResult;
  if (config.databaseUrl) {
    const handle = openPostgres(config.databaseUrl);
    try {
      result = await restoreBackup(handle, file, { force: values.force, dataDir: null });
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
      const handle = await openOrReplaceEmbedded(config, values.force);
      try {
        result = await restoreBackup(handle, file, { force: values.force, dataDir: config.dataDir });
      } finally {
        await handle.close();
      }
    } finally {
      await lock.release();
    }
  }
  const rows = Object.values(result.manifest.tables).reduce((a, b) => a + b, 0);
  say(`Restored ${file}: ${Object.keys(result.manifest.tables).length} tables, ${rows} rows.`);
  if (result.migrated.length > 0)
    say(`Then applied this release's migrations: ${result.migrated.join(', ')}`);
  if (result.restoredSecret) say('The token signing key (jwt-secret) was restored too.');
}

try {
  await run();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `Restore failed: ${(error as Error).message}`);
  process.exit(1);
}
