// What `npm run retention` does (issue 34): a real run first writes an archive of the whole database
// (BACKUP_DIR/pre-retention-<time>.tar.gz, read back and checked as every backup), so what it deletes
// can be had back with `npm run restore`; the backup goes to the access log; then the deletion. A dry
// run only lists and writes nothing.
import path from 'node:path';
import type { DatabaseHandle } from '../db/client.ts';
import { runRetention, type ClassResult, type RetentionOptions } from '../modules/retention/run-retention.ts';
import { archiveName } from './backup/backup-files.ts';
import { commandRunner, logOperation } from './backup/operation-log.ts';
import { takeBackup } from './backup/take-backup.ts';

export interface RetentionCommandOptions extends RetentionOptions {
  /** BACKUP_DIR: where the archive before a real run goes. */
  readonly backupDir: string;
  /** The data folder (its private tmp/ for the backup's copies; its jwt-secret is left out). */
  readonly dataDir: string;
}

export interface RetentionCommandResult {
  readonly results: ClassResult[];
  /** The archive written before deleting (null on a dry run). */
  readonly backup: string | null;
}

export async function retentionCommand(
  handle: DatabaseHandle,
  options: RetentionCommandOptions,
): Promise<RetentionCommandResult> {
  const { backupDir, dataDir, ...retention } = options;
  let backup: string | null = null;
  if (!retention.dryRun) {
    backup = path.join(backupDir, archiveName('pre-retention', new Date()));
    await takeBackup(handle, { file: backup, dataDir, withSecrets: false, scratchIn: dataDir });
    await logOperation(handle.db, {
      kind: 'backup',
      file: backup,
      ranBy: commandRunner('npm run retention'),
    });
  }
  return { results: await runRetention(handle.db, retention), backup };
}
