// Opening the embedded database, with a way out when it cannot be opened (PGlite reports a damaged
// data folder as a bare `RuntimeError: Aborted()`): the message names the newest backup and the
// command that restores it.
import { openPglite, type DatabaseHandle } from '../db/client.ts';
import { archiveToRestore } from './backup/backup-files.ts';
import { isNewDatabaseFolder, markCreatedEmpty } from './created-empty.ts';
import { makePrivate } from './data-dir.ts';

export class DatabaseUnopenableError extends Error {
  override name = 'DatabaseUnopenableError';
}

export async function unopenableMessage(
  pgliteDir: string,
  backupDir: string,
  cause: unknown,
): Promise<string> {
  const newest = await archiveToRestore(backupDir);
  const reason = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
  // Without a verified archive the newest of any kind is named: restore checks it before touching anything.
  const which = newest?.verified
    ? 'The newest backup is'
    : 'There is no verified backup; the newest (not verified when written, restore checks it first) is';
  return [
    `The embedded database in ${pgliteDir} cannot be opened (${reason}).`,
    newest
      ? `${which} ${newest.file}. To restore it (the damaged folder is moved aside, not deleted):\n` +
        `  npm run restore -- ${newest.file} --force`
      : `There is no backup in ${backupDir}. Restore one you keep elsewhere with: npm run restore -- <archive> --force`,
  ].join('\n');
}

export async function openEmbedded(pgliteDir: string, backupDir: string): Promise<DatabaseHandle> {
  let handle: DatabaseHandle;
  try {
    // Marked before creating, so a first start that dies during initdb still seeds on the next one.
    if (await isNewDatabaseFolder(pgliteDir)) await markCreatedEmpty(pgliteDir);
    handle = await openPglite(pgliteDir);
  } catch (error) {
    throw new DatabaseUnopenableError(await unopenableMessage(pgliteDir, backupDir, error), { cause: error });
  }
  // A new database is unpacked with the modes of PGlite's template (files 0666), whatever the umask;
  // what PostgreSQL writes later follows the umask (0600).
  await makePrivate(pgliteDir);
  return handle;
}
