// What every start does before serving: check the database against the committed migrations (a
// newer release's or an edited migration refuses the start), migrate under the migration lock, make
// sure the reference rows exist, and on the first start of an empty embedded database move the demo
// company in (a folder only when the portal created it empty: ops/created-empty.ts). DATABASE_URL
// databases are never seeded automatically (`npm run seed:demo` does it).
import type { Logger } from './logger.ts';
import { MIGRATIONS_FOLDER, type DatabaseHandle } from './db/client.ts';
import {
  appliedMigrations,
  committedMigrations,
  compareMigrations,
  refuseMismatch,
  type Migration,
} from './db/migration-state.ts';
import { ensurePermissions } from './db/reference-data.ts';
import { clearCreatedEmpty, wasCreatedEmpty } from './ops/created-empty.ts';
import { isEmptyDatabase, seedDemo } from './seed/seed-demo.ts';

export async function prepareDatabase(
  handle: DatabaseHandle,
  options: {
    seedDemo: 'auto' | 'never';
    logger: Logger;
    /** Called before migrations are applied to a database that already has some (a backup). */
    beforeMigrating?: (pending: readonly Migration[]) => Promise<void>;
  },
): Promise<void> {
  const committed = await committedMigrations(MIGRATIONS_FOLDER);
  await handle.withMigrationLock(async (session) => {
    const applied = await appliedMigrations(session.db);
    const comparison = compareMigrations(committed, applied);
    refuseMismatch(comparison);
    if (comparison.pending.length === 0) return;
    if (applied.length > 0) await options.beforeMigrating?.(comparison.pending);
    await session.migrate();
    options.logger.info({ applied: comparison.pending.map((m) => m.tag) }, 'migrations applied');
  });
  await ensurePermissions(handle.db);
  if (options.seedDemo !== 'auto' || handle.kind !== 'pglite') return;
  if (handle.dataDir && !(await wasCreatedEmpty(handle.dataDir))) return;
  if (!(await isEmptyDatabase(handle.db))) return;
  const result = await seedDemo(handle.db);
  if (handle.dataDir) await clearCreatedEmpty(handle.dataDir);
  if (result.seeded) {
    options.logger.info(
      { users: result.users, employees: result.employees },
      'demo company seeded (password demo1234)',
    );
  }
}
