// The embedded data folder's own housekeeping, done by index.ts while it holds the folder's lock and
// before the application loads:
// - private modes: the folder holds bank accounts, payslips and password hashes, so it is 0700 and
//   everything in it the portal wrote is readable by its user only (issue 32, finding 8: the folder
//   was 0755, most database files 0666, archives 0644). The process runs with umask 077 (index.ts);
//   a folder made open by an older release or by hand is fixed once, with a warning.
// - temporary copies: a backup or restore killed half-way leaves copies of every row under
//   PORTAL_DATA_DIR/tmp (and older releases left them in TMPDIR); the next start removes them.
import { chmod, lstat, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** What the portal creates in the data folder (anything else there is left as it is). */
const OWN_ENTRIES = ['pglite', 'backups', 'control', 'tmp', 'jwt-secret'];
const OWN_PREFIXES = ['portal.lock', 'pglite.damaged-', 'pglite.replaced-'];
/** Archive names written by the portal (ops/backup/backup-files.ts), finished or not. */
const ARCHIVE = /^(auto|pre-migration|manual|pre-restore)-\d{8}T\d{6}Z\.tar\.gz(\.partial)?$/;
/** Temporary folders of releases before PORTAL_DATA_DIR/tmp existed (mkdtemp prefixes in TMPDIR). */
const OLD_TEMP_PREFIXES = ['portal-backup-', 'portal-restore-', 'portal-migrations-'];
/** An old temporary folder untouched this long is a leftover, not another installation's work. */
const OLD_TEMP_AGE_MS = 60 * 60 * 1000;

export const TEMP_DIR = 'tmp';

/** Removes the group and other bits of `file` and, for a folder, of everything in it; counts changes. */
export async function makePrivate(file: string): Promise<number> {
  const info = await lstat(file).catch(() => null);
  if (!info || info.isSymbolicLink()) return 0;
  let changed = 0;
  if ((info.mode & 0o077) !== 0) {
    await chmod(file, info.mode & 0o700);
    changed += 1;
  }
  if (info.isDirectory()) {
    for (const name of await readdir(file)) changed += await makePrivate(path.join(file, name));
  }
  return changed;
}

/**
 * Makes the data folder and what the portal wrote in it (and its archives in BACKUP_DIR) private to the
 * portal's user; warns once when something was open to others.
 */
export async function keepDataDirPrivate(dataDir: string, backupDir: string): Promise<number> {
  const folder = await stat(dataDir);
  let changed = 0;
  if ((folder.mode & 0o077) !== 0) {
    await chmod(dataDir, 0o700);
    changed += 1;
  }
  for (const name of await readdir(dataDir)) {
    if (OWN_ENTRIES.includes(name) || OWN_PREFIXES.some((prefix) => name.startsWith(prefix)))
      changed += await makePrivate(path.join(dataDir, name));
  }
  if (path.relative(dataDir, backupDir).startsWith('..')) {
    for (const name of await readdir(backupDir).catch(() => [] as string[]))
      if (ARCHIVE.test(name)) changed += await makePrivate(path.join(backupDir, name));
  }
  if (changed > 0) {
    console.warn(
      `The data folder ${dataDir} was open to other users: ${changed} of the portal's files and folders ` +
        '(database, backups, secrets) could be read by them. They are now readable by this user only ' +
        '(folder 0700, files 0600); check who may have read them.',
    );
  }
  return changed;
}

/** The newest modification time in a folder tree. */
async function newestChange(file: string): Promise<number> {
  const info = await lstat(file).catch(() => null);
  if (!info) return 0;
  let newest = info.mtimeMs;
  if (info.isDirectory()) {
    for (const name of await readdir(file).catch(() => [] as string[]))
      newest = Math.max(newest, await newestChange(path.join(file, name)));
  }
  return newest;
}

/**
 * Removes what interrupted backups and restores left: everything in PORTAL_DATA_DIR/tmp and unfinished
 * archives in BACKUP_DIR (the lock is held, so none of it is in use), and this user's temporary folders
 * of older releases in TMPDIR once untouched for an hour (another installation may be using a new one).
 */
export async function sweepTemporaryFiles(dataDir: string, backupDir: string): Promise<string[]> {
  const removed: string[] = [];
  const remove = async (file: string) => {
    await rm(file, { recursive: true, force: true });
    removed.push(file);
  };
  const temp = path.join(dataDir, TEMP_DIR);
  for (const name of await readdir(temp).catch(() => [] as string[])) await remove(path.join(temp, name));
  for (const name of await readdir(backupDir).catch(() => [] as string[]))
    if (ARCHIVE.test(name) && name.endsWith('.partial')) await remove(path.join(backupDir, name));
  const uid = process.getuid?.();
  const tmp = os.tmpdir();
  for (const name of await readdir(tmp).catch(() => [] as string[])) {
    if (!OLD_TEMP_PREFIXES.some((prefix) => name.startsWith(prefix))) continue;
    const file = path.join(tmp, name);
    const info = await lstat(file).catch(() => null);
    if (!info || (uid !== undefined && info.uid !== uid)) continue;
    if (Date.now() - (await newestChange(file)) > OLD_TEMP_AGE_MS) await remove(file);
  }
  if (removed.length > 0)
    console.warn(`Removed what interrupted backups or restores left behind:\n  ${removed.join('\n  ')}`);
  return removed;
}
