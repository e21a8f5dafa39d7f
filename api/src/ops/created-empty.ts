// SEED_DEMO=auto moves the demo company (with its known passwords) into an embedded database only when
// the portal itself created that database's folder a moment ago: a marker written beside the folder
// at creation, removed once seeded and by every restore. An empty database without the marker (rows
// deleted, a restore that failed, a folder copied in) is never seeded, so no demo superuser appears
// in a production folder.
import { access, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

const MARKER = 'pglite.created-empty';

function markerOf(pgliteDir: string): string {
  return path.join(path.dirname(pgliteDir), MARKER);
}

function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

/** True when `pgliteDir` holds no database yet (opening it will create one). */
export function isNewDatabaseFolder(pgliteDir: string): Promise<boolean> {
  return exists(path.join(pgliteDir, 'PG_VERSION')).then((found) => !found);
}

export async function markCreatedEmpty(pgliteDir: string): Promise<void> {
  await mkdir(path.dirname(pgliteDir), { recursive: true });
  await writeFile(markerOf(pgliteDir), `${new Date().toISOString()}\n`, { mode: 0o600 });
}

export function wasCreatedEmpty(pgliteDir: string): Promise<boolean> {
  return exists(markerOf(pgliteDir));
}

export async function clearCreatedEmpty(pgliteDir: string): Promise<void> {
  await rm(markerOf(pgliteDir), { force: true });
}
