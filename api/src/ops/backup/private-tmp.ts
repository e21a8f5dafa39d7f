// Temporary copies made by backups and restores (the database snapshot, the parts before packing,
// an unpacked archive) hold every row, personal data included: they live in PORTAL_DATA_DIR/tmp/
// (mode 0700, beside the data they copy, never in a shared TMPDIR) and are removed on every way out:
// the caller's finally, and in the commands a signal handler. A start sweeps what a crash left there.
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { rmSync } from 'node:fs';
import path from 'node:path';

export function privateTmpRoot(dataDir: string): string {
  return path.join(dataDir, 'tmp');
}

export interface PrivateTmp {
  readonly dir: string;
  dispose(): Promise<void>;
}

const live = new Set<string>();

/** A new folder `<dataDir>/tmp/<prefix>XXXXXX`, mode 0700 like its parent. */
export async function makePrivateTmp(dataDir: string, prefix: string): Promise<PrivateTmp> {
  const root = privateTmpRoot(dataDir);
  await mkdir(root, { recursive: true, mode: 0o700 });
  await chmod(root, 0o700);
  const dir = await mkdtemp(path.join(root, prefix));
  await chmod(dir, 0o700);
  live.add(dir);
  return {
    dir,
    async dispose() {
      // Retries: a failed unpack may still be finishing writes into the folder.
      await rm(dir, { recursive: true, force: true, maxRetries: 5 });
      live.delete(dir);
    },
  };
}

/**
 * For the commands: on SIGINT, SIGTERM or SIGHUP remove the temporary folders still in use, then
 * exit as the signal would have. (The server does not call this: its shutdown waits for a running
 * backup, whose finally removes them.)
 */
export function removeTmpOnSignal(): void {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      for (const dir of live) rmSync(dir, { recursive: true, force: true });
      process.kill(process.pid, signal);
    });
  }
}
