// One process at a time owns PORTAL_DATA_DIR: two PGlite instances on one data folder each write
// their own checkpoints and destroy the database (issue 21).
//
// The lock is the folder `portal.lock` (an atomic mkdir, the same name and shape proper-lockfile used
// before, so an older release still running or starting beside this one sees it); beside it
// `portal.lock.owner.json` names the holder, and the holder refreshes the folder's mtime so a holder on
// another host is recognised as gone once it stops refreshing. A dead holder's lock is taken over under
// a claim file created with O_EXCL and named after that very lock (its inode and owner record), so of
// several processes taking it over at once exactly one removes it and the rest find a live holder
// (issue 33, finding 6: `rm` then `mkdir` gave two or three holders). proper-lockfile's own stale
// takeover is that same `rm` then `mkdir`, which is why this no longer uses it.
import { constants } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, rmdir, stat, unlink, utimes } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';

const LOCK_DIR = 'portal.lock';
const OWNER_FILE = 'portal.lock.owner.json';
const CLAIM_PREFIX = 'portal.lock.takeover-';
/**
 * The holder refreshes the lock's mtime this often; one not refreshed for STALE_MS is abandoned. Long,
 * because PGlite's opening and crash recovery block the event loop (and with it the refresh) for many
 * seconds on a busy machine; a dead holder on this machine is recognised by its pid at once anyway.
 */
const UPDATE_MS = 10_000;
const STALE_MS = 10 * 60_000;
/** How often a start looks again while others take over a dead holder's lock (50 ms apart). */
const TAKEOVER_ATTEMPTS = 40;
/** A database written this recently by a process that recorded no lock may still be open (below). */
export const RECENT_WRITE_MS = 15_000;

export interface LockOwner {
  readonly pid: number;
  readonly hostname: string;
  readonly command: string;
  readonly since: string;
  /** Set when the holder began to stop: a start meanwhile waits for it instead of refusing. */
  readonly stoppingSince?: string;
  /** Set when the holder released the lock: the record stays as proof a lock-aware release ran here. */
  readonly stoppedAt?: string;
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

/** A data folder whose database was written moments ago by a process that took no lock. */
export class DataDirRecentlyWrittenError extends Error {
  constructor(
    readonly dataDir: string,
    secondsAgo: number,
  ) {
    super(
      `The embedded database in ${dataDir} was written ${secondsAgo} s ago, and no process recorded a lock on it: ` +
        'an older release of the portal (one that takes no lock) may still be running on it. ' +
        'Stop that release first (see "Upgrading" in docs/operations.md); if it is stopped, start again in ' +
        `${Math.ceil(RECENT_WRITE_MS / 1000)} seconds.`,
    );
    this.name = 'DataDirRecentlyWrittenError';
  }
}

export interface DataDirLock {
  /** Records that the holder is stopping (see LockOwner.stoppingSince). */
  markStopping(): Promise<void>;
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

function parseOwner(text: string | null): LockOwner | null {
  if (text === null) return null;
  try {
    return JSON.parse(text) as LockOwner;
  } catch {
    return null;
  }
}

/** The holder a record names; a record of a holder that stopped names nobody. */
const holder = (text: string | null): LockOwner | null => {
  const owner = parseOwner(text);
  return owner && !owner.stoppedAt ? owner : null;
};

async function readText(file: string): Promise<string | null> {
  return readFile(file, 'utf8').catch(() => null);
}

/** The recorded holder, or null when nobody holds the folder (or the record is unreadable). */
export async function readLockOwner(dataDir: string): Promise<LockOwner | null> {
  return holder(await readText(path.join(dataDir, OWNER_FILE)));
}

/** When this process started: a record of our own pid older than that is a previous holder's. */
const STARTED_AT = Date.now() - process.uptime() * 1000;

/** The lock as found: its folder's identity and age, and the owner record beside it. */
interface LockState {
  readonly ino: number;
  readonly mtimeMs: number;
  readonly ownerText: string | null;
}

async function readState(dataDir: string): Promise<LockState | null> {
  const info = await stat(path.join(dataDir, LOCK_DIR)).catch(() => null);
  if (!info) return null;
  return { ino: info.ino, mtimeMs: info.mtimeMs, ownerText: await readText(path.join(dataDir, OWNER_FILE)) };
}

const sameState = (a: LockState, b: LockState | null) =>
  b !== null && a.ino === b.ino && a.ownerText === b.ownerText;

/**
 * Whether the holder of `state` is gone: on this machine by its pid (or our own pid recorded before we
 * started: a container restarted, its process is pid 1 every time); elsewhere, or without a record,
 * once the lock was not refreshed for STALE_MS.
 */
function isAbandoned(state: LockState): boolean {
  const live = holder(state.ownerText);
  if (live && live.hostname === os.hostname()) {
    if (live.pid === process.pid) return Date.parse(live.since) < STARTED_AT;
    return !isAlive(live.pid);
  }
  return Date.now() - state.mtimeMs > STALE_MS;
}

/**
 * Claims the takeover of the abandoned lock `state`: an O_EXCL file named after it. A claimant that
 * died before finishing leaves its claim; the next one numbers its own one higher. Null: a live
 * process is taking it over right now.
 */
async function claimTakeover(dataDir: string, state: LockState): Promise<string | null> {
  const id = createHash('sha256')
    .update(`${state.ino}\0${state.ownerText ?? ''}`)
    .digest('hex')
    .slice(0, 16);
  for (let n = 1; n < 100; n++) {
    const file = path.join(dataDir, `${CLAIM_PREFIX}${id}.${n}`);
    try {
      const handle = await open(file, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY, 0o600);
      await handle.writeFile(String(process.pid));
      await handle.close();
      return file;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(await readText(file));
      // A claim still being written (no pid yet) belongs to a live process.
      if (!pid || isAlive(pid)) return null;
    }
  }
  return null;
}

async function removeClaims(dataDir: string): Promise<void> {
  for (const name of await readdir(dataDir)) {
    if (name.startsWith(CLAIM_PREFIX)) await rm(path.join(dataDir, name), { force: true });
  }
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 50));

/** Writes the owner record whole (a reader never sees half of it). */
async function writeOwner(dataDir: string, owner: LockOwner): Promise<void> {
  const file = path.join(dataDir, OWNER_FILE);
  const partial = `${file}.${process.pid}`;
  const handle = await open(partial, 'w', 0o600);
  await handle.writeFile(`${JSON.stringify(owner)}\n`);
  await handle.close();
  await rename(partial, file);
}

/** The newest modification time among the files PGlite writes on every commit and checkpoint. */
async function databaseWrittenAt(pgliteDir: string): Promise<number> {
  let newest = 0;
  const consider = async (file: string) => {
    const info = await stat(file).catch(() => null);
    if (info) newest = Math.max(newest, info.mtimeMs);
  };
  await consider(path.join(pgliteDir, 'global', 'pg_control'));
  const wal = path.join(pgliteDir, 'pg_wal');
  for (const name of await readdir(wal).catch(() => [] as string[])) await consider(path.join(wal, name));
  return newest;
}

/**
 * Takes the lock or throws DataDirBusyError (or DataDirRecentlyWrittenError) at once. `onCompromised`:
 * the lock was lost while held (its folder removed or replaced); the caller must stop using the database.
 */
export async function lockDataDir(
  dataDir: string,
  onCompromised: (error: Error) => void = (error) => {
    throw error;
  },
): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const lockPath = path.join(dataDir, LOCK_DIR);
  let tookOver = false;
  for (let attempt = 0; ; attempt++) {
    try {
      await mkdir(lockPath, { mode: 0o700 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const state = await readState(dataDir);
    if (state === null) continue; // released in between
    const owner = holder(state.ownerText);
    if (attempt >= TAKEOVER_ATTEMPTS) throw new DataDirBusyError(dataDir, owner);
    if (!isAbandoned(state)) {
      if (owner) throw new DataDirBusyError(dataDir, owner);
      // Taken a moment ago and not recorded yet: look again, to name the holder.
      await pause();
      continue;
    }
    const claim = await claimTakeover(dataDir, state);
    if (claim === null) {
      // Another process is taking it over this very moment: look again once it is done.
      await pause();
      continue;
    }
    // Only the claimant of exactly this lock may remove it; if it changed meanwhile, look again.
    if (sameState(state, await readState(dataDir))) {
      await rm(path.join(dataDir, OWNER_FILE), { force: true });
      await rmdir(lockPath).catch(() => rm(lockPath, { recursive: true, force: true }));
      tookOver = true;
    }
    await unlink(claim).catch(() => undefined);
  }

  const previous = parseOwner(await readText(path.join(dataDir, OWNER_FILE)));
  if (previous === null && !tookOver) {
    // No lock-aware release ever ran here (or this is a new folder): a release from before the lock
    // may have the database open right now. Its recent writes are the only trace it leaves.
    const writtenAt = await databaseWrittenAt(path.join(dataDir, 'pglite'));
    const ago = Date.now() - writtenAt;
    if (writtenAt > 0 && ago < RECENT_WRITE_MS) {
      await rmdir(lockPath).catch(() => undefined);
      throw new DataDirRecentlyWrittenError(dataDir, Math.max(0, Math.round(ago / 1000)));
    }
  }
  const owner: LockOwner = {
    pid: process.pid,
    hostname: os.hostname(),
    command: process.argv.slice(1).join(' '),
    since: new Date().toISOString(),
  };
  await writeOwner(dataDir, owner);
  await removeClaims(dataDir);
  const held = await stat(lockPath);

  let released = false;
  const refresh = setInterval(() => {
    void (async () => {
      const now = await stat(lockPath).catch(() => null);
      const record = parseOwner(await readText(path.join(dataDir, OWNER_FILE)));
      if (released) return;
      if (!now || now.ino !== held.ino || record?.pid !== owner.pid || record.since !== owner.since) {
        released = true;
        clearInterval(refresh);
        onCompromised(new Error(`the lock ${lockPath} was removed or taken by another process`));
        return;
      }
      const at = new Date();
      await utimes(lockPath, at, at).catch(() => undefined);
    })();
  }, UPDATE_MS);
  refresh.unref();

  return {
    async markStopping() {
      if (!released) await writeOwner(dataDir, { ...owner, stoppingSince: new Date().toISOString() });
    },
    async release() {
      if (released) return;
      released = true;
      clearInterval(refresh);
      await writeOwner(dataDir, { ...owner, stoppedAt: new Date().toISOString() });
      await rmdir(lockPath).catch(() => rm(lockPath, { recursive: true, force: true }));
    },
  };
}
