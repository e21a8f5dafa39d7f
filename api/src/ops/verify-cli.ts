// `npm run backup:verify [-- ARCHIVE]`: the restore drill. The named archive, or the one a restore
// would pick (the newest verified archive of BACKUP_DIR), is restored into a scratch embedded database
// and checked (ops/backup/verify-archive.ts); the outcome goes to BACKUP_DIR/last-verify.json and
// here. Exit status 1 when the archive would not restore as it should. The portal may keep running:
// the scratch database is a folder of its own, removed afterwards.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfigFromProcess } from '../config.ts';
import { archiveToRestore } from './backup/backup-files.ts';
import { removeTmpOnSignal } from './backup/private-tmp.ts';
import { LAST_VERIFY_FILE, verifyArchive } from './backup/verify-archive.ts';

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

async function run(): Promise<boolean> {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  if (positionals.length > 1) throw new Error('usage: npm run backup:verify [-- <archive>]');
  const config = loadConfigFromProcess();
  let file: string;
  if (positionals[0]) {
    file = path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0]);
  } else {
    const found = await archiveToRestore(config.backup.dir);
    if (!found) throw new Error(`No backup archive in ${config.backup.dir} to verify.`);
    file = found.file;
  }
  say(`Verifying ${file}: restoring it into a scratch database…`);
  const result = await verifyArchive(file, { scratchIn: config.dataDir, backupDir: config.backup.dir });
  const where = path.join(config.backup.dir, LAST_VERIFY_FILE);
  if (!result.ok) {
    console.error(`Verification FAILED: ${result.problem}`);
    console.error(`  (recorded in ${where})`);
    return false;
  }
  const manifest = result.manifest!;
  const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
  say('Verified: every part matches its sha256, every table restored with the row count of the manifest.');
  say(
    `  ${Object.keys(manifest.tables).length} tables, ${rows} rows, ${manifest.migrations.length} migrations ` +
      `(portal ${manifest.productVersion}, ${manifest.createdAt})` +
      (result.migrated.length > 0 ? `; this release would then apply ${result.migrated.join(', ')}` : ''),
  );
  say(`  recorded in ${where}`);
  return true;
}

process.umask(0o077);
removeTmpOnSignal();
try {
  if (!(await run())) process.exit(1);
} catch (error) {
  console.error(
    error instanceof ConfigError ? error.message : `Verification failed: ${(error as Error).message}`,
  );
  process.exit(1);
}
