// What the server holding an embedded database does about backups: answers `npm run backup` over the
// control socket, takes a daily archive (checked hourly, so a server that was down catches up at
// start), verifies it by restoring it into a scratch database (the restore drill, whose outcome goes
// to last-verify.json) and prunes the automatic ones to the configured retention. One backup at a time.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { BackupConfig } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { Logger } from '../../logger.ts';
import { archiveName, dailyBackupDue, listArchives, pruneArchives, type BackupKind } from './backup-files.ts';
import { BackupCancelledError } from './archive.ts';
import { serveControlSocket } from './control-socket.ts';
import { logOperation } from './operation-log.ts';
import { takeBackup, type BackupResult } from './take-backup.ts';
import { verifyArchive } from './verify-archive.ts';

const CHECK_EVERY_MS = 60 * 60 * 1000;

export interface EmbeddedBackups {
  /** Settles when the check at start (a daily backup if due, then pruning) is done. */
  readonly checkedAtStart: Promise<void>;
  take(
    kind: BackupKind,
    options?: { file?: string; withSecrets?: boolean; ranBy?: string },
  ): Promise<BackupResult>;
  stop(): Promise<void>;
}

export async function startEmbeddedBackups(options: {
  handle: DatabaseHandle;
  dataDir: string;
  config: BackupConfig;
  logger: Logger;
}): Promise<EmbeddedBackups> {
  const { handle, dataDir, config, logger } = options;
  let queue: Promise<unknown> = Promise.resolve();
  // A failed backup is logged where it fails; the daily check does not log it a second time.
  const failuresLogged = new WeakSet<object>();
  // A stop cancels the running backup (and any asked for after it) rather than wait for it past the
  // shutdown grace: its .partial and temporary copies are removed, and the lock is released after.
  const stopping = new AbortController();

  const take: EmbeddedBackups['take'] = (kind, request = {}) => {
    const run = async () => {
      const file = request.file ?? path.join(config.dir, archiveName(kind, new Date()));
      const ranBy = request.ranBy ?? `portal (${kind})`;
      const started = Date.now();
      logger.info({ file, kind, ranBy }, 'backup started');
      try {
        const result = await takeBackup(handle, {
          file,
          dataDir,
          withSecrets: request.withSecrets ?? false,
          scratchIn: dataDir,
          signal: stopping.signal,
        });
        await logOperation(handle.db, { kind: 'backup', file, ranBy });
        const { tables } = result.manifest;
        logger.info(
          {
            file,
            kind,
            ranBy,
            tables: Object.keys(tables).length,
            rows: Object.values(tables).reduce((a, b) => a + b, 0),
            bytes: (await stat(file)).size,
            ms: Date.now() - started,
          },
          'backup written',
        );
        return result;
      } catch (error) {
        // The daily check logs its own failure; a manual one asked over the socket has only this.
        if (!(error instanceof BackupCancelledError)) {
          logger.error({ file, kind, ranBy, err: error, ms: Date.now() - started }, 'backup failed');
          if (error instanceof Object) failuresLogged.add(error);
        }
        throw error;
      }
    };
    const next = queue.then(run, run);
    queue = next.catch(() => undefined);
    return next;
  };

  const daily = async () => {
    if (dailyBackupDue(await listArchives(config.dir))) {
      const { file } = await take('auto');
      // Not in the queue: a restore drill of a large archive must not hold up `npm run backup`.
      logger.info({ file }, 'backup verification started');
      const verified = await verifyArchive(file, { scratchIn: dataDir, backupDir: config.dir });
      if (verified.ok) logger.info({ file }, 'backup verified: it restores with every row');
      else logger.error({ file, problem: verified.problem }, 'backup verification failed');
    }
    const removed = await pruneArchives(config.dir, { daily: config.keepDaily, weekly: config.keepWeekly });
    if (removed.length > 0) logger.info({ removed }, 'old backups removed');
  };
  const check = () =>
    daily().catch((error: unknown) => {
      if (error instanceof BackupCancelledError) logger.info(error.message);
      else if (!(error instanceof Object && failuresLogged.has(error)))
        logger.error({ err: error }, 'daily backup failed');
    });
  let timer: NodeJS.Timeout | undefined;
  let checkedAtStart = Promise.resolve();
  if (config.auto) {
    checkedAtStart = check();
    timer = setInterval(() => void check(), CHECK_EVERY_MS);
    timer.unref();
  }

  const closeSocket = await serveControlSocket(dataDir, (request) => take('manual', request));
  return {
    checkedAtStart,
    take,
    async stop() {
      clearInterval(timer);
      stopping.abort(
        new BackupCancelledError('The portal is stopping: the backup was cancelled, nothing of it was kept.'),
      );
      await closeSocket();
      await queue;
    },
  };
}
