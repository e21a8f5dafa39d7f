// One process at a time owns PORTAL_DATA_DIR: two PGlite instances on one data folder each write
// their own checkpoints and destroy the database (issue 21). proper-lockfile makes the lock (an
// atomic mkdir whose mtime the holder refreshes); beside it we record who holds it, so a refusal can
// name the process and a lock left by a process that no longer exists is taken over at once instead
// of after the mtime goes stale.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';

const LOCK_DIR = 'portal.lock';
const OWNER_FILE = 'portal.lock.owner.json';
/**
 * The holder refreshes the lock's mtime this often; one not refreshed for STALE_MS is abandoned. Long,
 * because PGlite's opening and crash recovery block the event loop (and with it the refresh) for many
 * seconds on a busy machine; a dead holder on this machine is recognised by its pid at once anyway.
 */
const UPDATE_MS = 10_000;
const STALE_MS = 10 * 60_000;

export interface LockOwner {
  readonly pid: number;
  readonly hostname: string;
  readonly command: string;
  readonly since: string;
}

export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly owner: LockOwner | null,
  ) {
    const who = owner
      ? `process ${owner.pid} on ${owner.hostname} (${owner.command}, since ${owner.since})`
      : 'another process (it has not recorded itself yet)';
    super(
      `The data directory ${dataDir} is in use by ${who}. ` +
        'Only one portal process may open it: stop that one first, or use another PORTAL_DATA_DIR.',
    );
    this.name = 'DataDirBusyError';
  }
}

export interface DataDirLock {
  release(): Promise<void>;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function readLockOwner(dataDir: string): Promise<LockOwner | null> {
  try {
    return JSON.parse(await readFile(path.join(dataDir, OWNER_FILE), 'utf8')) as LockOwner;
  } catch {
    return null;
  }
}

/** When this process started: a record of our own pid older than that is a previous holder's. */
const STARTED_AT = Date.now() - process.uptime() * 1000;

/**
 * A recorded holder on this machine that is gone, or that had our pid before we started (a container
 * restarted: its process is pid 1 every time).
 */
function isDeadHere(owner: LockOwner | null): boolean {
  if (owner === null || owner.hostname !== os.hostname()) return false;
  if (owner.pid === process.pid) return Date.parse(owner.since) < STARTED_AT;
  return !isAlive(owner.pid);
}

/**
 * Takes the lock or throws DataDirBusyError at once. `onCompromised`: the lock was lost while held
 * (its folder removed, or not refreshed in time); the caller must stop using the database.
 */
export async function lockDataDir(
  dataDir: string,
  onCompromised: (error: Error) => void = (error) => {
    throw error;
  },
): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true });
  const options = {
    lockfilePath: path.join(dataDir, LOCK_DIR),
    realpath: false,
    stale: STALE_MS,
    update: UPDATE_MS,
    retries: 0,
    onCompromised,
  };
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dataDir, options);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    const owner = await readLockOwner(dataDir);
    if (!isDeadHere(owner)) throw new DataDirBusyError(dataDir, owner);
    await rm(options.lockfilePath, { recursive: true, force: true });
    try {
      release = await lockfile.lock(dataDir, options);
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code !== 'ELOCKED') throw again;
      // Someone else took the abandoned lock in between.
      throw new DataDirBusyError(dataDir, await readLockOwner(dataDir));
    }
  }
  const owner: LockOwner = {
    pid: process.pid,
    hostname: os.hostname(),
    command: process.argv.slice(1).join(' '),
    since: new Date().toISOString(),
  };
  await writeFile(path.join(dataDir, OWNER_FILE), `${JSON.stringify(owner)}\n`);
  return {
    async release() {
      await rm(path.join(dataDir, OWNER_FILE), { force: true });
      await release();
    },
  };
}
