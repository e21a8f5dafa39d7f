// What every start does before serving: migrate, make sure the reference rows exist, and on the
// first start of an empty embedded database move the demo company in. DATABASE_URL databases are
// never seeded automatically (`npm run seed:demo` does it on purpose).
import type { Logger } from './logger.ts';
import type { DatabaseHandle } from './db/client.ts';
import { ensurePermissions } from './db/reference-data.ts';
import { isEmptyDatabase, seedDemo } from './seed/seed-demo.ts';

export async function prepareDatabase(
  handle: DatabaseHandle,
  options: { seedDemo: 'auto' | 'never'; logger: Logger },
): Promise<void> {
  await handle.migrate();
  await ensurePermissions(handle.db);
  if (options.seedDemo !== 'auto' || handle.kind !== 'pglite') return;
  if (!(await isEmptyDatabase(handle.db))) return;
  const result = await seedDemo(handle.db);
  if (result.seeded) {
    options.logger.info(
      { users: result.users, employees: result.employees },
      'demo company seeded (password demo1234)',
    );
  }
}
