// `npm run retention [-- --dry-run]`: the nightly retention job by hand (issue 34). Lists, per record
// class, its rule, its legal source and each row due with why; without --dry-run first writes a backup
// (retention-command.ts) and then deletes them (and writes the deletion log) as the nightly job does.
// An embedded database must not be in use.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfigFromProcess } from '../config.ts';
import { openPostgres, type DatabaseHandle } from '../db/client.ts';
import { lockDataDir } from '../db/data-dir-lock.ts';
import { attendanceYearsOf } from '../modules/retention/retention-classes.ts';
import { openEmbedded } from './open-embedded.ts';
import { retentionCommand } from './retention-command.ts';

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

async function run(): Promise<void> {
  const { values } = parseArgs({ options: { 'dry-run': { type: 'boolean', default: false } } });
  const dryRun = values['dry-run'];
  const config = loadConfigFromProcess();
  const attendanceYears = attendanceYearsOf(process.env);
  const lock = config.databaseUrl ? null : await lockDataDir(config.dataDir);
  const handle: DatabaseHandle = config.databaseUrl
    ? openPostgres(config.databaseUrl)
    : await openEmbedded(config.pgliteDir, config.backup.dir);
  try {
    const { results, backup } = await retentionCommand(handle, {
      dryRun,
      attendanceYears,
      backupDir: config.backup.dir,
      dataDir: config.dataDir,
    });
    if (backup) say(`Backup written first (undo with: npm run restore -- ${backup} --force): ${backup}`);
    say(dryRun ? 'Dry run: nothing is deleted. Would delete:' : 'Deleted:');
    for (const r of results) {
      say(`- ${r.key} (${r.label}): ${r.rows.length} — ${r.rule}; ${r.source}`);
      for (const row of r.rows)
        say(
          `    id ${row.id}${row.subjects.length ? `, employees ${row.subjects.join(' ')}` : ''}: ${row.reason}`,
        );
    }
  } finally {
    await handle.close();
    await lock?.release();
  }
}

try {
  await run();
} catch (error) {
  console.error(
    error instanceof ConfigError ? error.message : `Retention failed: ${(error as Error).message}`,
  );
  process.exit(1);
}
