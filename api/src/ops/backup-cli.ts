// `npm run backup [-- --out FILE] [--with-secrets]`: one archive of the configured database. On
// PostgreSQL it reads a consistent snapshot directly; an embedded database is opened here when no
// server holds it, and otherwise the running server is asked to write the archive (control-socket.ts).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfigFromProcess } from '../config.ts';
import { openPostgres } from '../db/client.ts';
import { archiveName } from './backup/backup-files.ts';
import { requestBackup } from './backup/control-socket.ts';
import { removeTmpOnSignal } from './backup/private-tmp.ts';
import { commandRunner, logOperation } from './backup/operation-log.ts';
import { takeBackup, type BackupResult } from './backup/take-backup.ts';
import { DataDirBusyError, lockDataDir } from '../db/data-dir-lock.ts';
import { openEmbedded } from './open-embedded.ts';

/** The command's report, on stdout (problems go to stderr). */
function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

async function run(): Promise<void> {
  const { values } = parseArgs({
    options: { out: { type: 'string' }, 'with-secrets': { type: 'boolean', default: false } },
  });
  const config = loadConfigFromProcess();
  // npm runs scripts from the repository root; a relative --out means the caller's folder.
  const file = values.out
    ? path.resolve(process.env.INIT_CWD ?? process.cwd(), values.out)
    : path.join(config.backup.dir, archiveName('manual', new Date()));
  const withSecrets = values['with-secrets'];
  const options = { file, dataDir: config.dataDir, withSecrets, scratchIn: config.dataDir };
  const ranBy = commandRunner('npm run backup');
  let result: BackupResult;
  if (config.databaseUrl) {
    const handle = openPostgres(config.databaseUrl);
    try {
      result = await takeBackup(handle, options);
      await logOperation(handle.db, { kind: 'backup', file, ranBy });
    } finally {
      await handle.close();
    }
  } else {
    try {
      const lock = await lockDataDir(config.dataDir);
      try {
        const handle = await openEmbedded(config.pgliteDir, config.backup.dir);
        try {
          result = await takeBackup(handle, options);
          await logOperation(handle.db, { kind: 'backup', file, ranBy });
        } finally {
          await handle.close();
        }
      } finally {
        await lock.release();
      }
    } catch (error) {
      if (!(error instanceof DataDirBusyError)) throw error;
      say(`The portal is running (pid ${error.owner?.pid ?? '?'}): asking it to take the backup.`);
      result = await requestBackup(config.dataDir, { file, withSecrets, ranBy });
    }
  }
  const { manifest } = result;
  const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
  say(`Backup written and verified (read back, every part's sha256 checked): ${result.file}`);
  say(`  its sha256 is in ${result.file}.sha256 (check a copy with: sha256sum -c)`);
  say(
    `  ${Object.keys(manifest.tables).length} tables, ${rows} rows, ${manifest.migrations.length} migrations, ` +
      `portal ${manifest.productVersion}, ${manifest.createdAt}`,
  );
  if (manifest.leftOut.length > 0) {
    say('Left out (pass --with-secrets to include):');
    for (const item of manifest.leftOut) say(`  - ${item}`);
  }
  if (config.jwtSecret) say('JWT_SECRET comes from the environment and is never put in a backup.');
}

// Archives, copies and a database this command creates are the portal user's alone (as the server's).
process.umask(0o077);
removeTmpOnSignal();
try {
  await run();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `Backup failed: ${(error as Error).message}`);
  process.exit(1);
}
