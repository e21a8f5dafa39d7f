// `npm run seed:demo`: seeds the demo company into the configured database (PGlite in the data folder,
// or DATABASE_URL; an embedded folder is locked while it is open). Safe to repeat: it skips when demo
// data is already there. What it writes is the portal user's alone (umask 077, as the server's).
import { loadConfigOrExit } from '../config.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { ensurePermissions } from '../db/reference-data.ts';
import { makePrivate } from '../ops/data-dir.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts.ts';
import { seedDemo } from './seed-demo.ts';

process.umask(0o077);
const config = loadConfigOrExit();

async function seed(handle: DatabaseHandle): Promise<void> {
  await handle.migrate();
  await ensurePermissions(handle.db);
  const result = await seedDemo(handle.db);
  if (!result.seeded) {
    console.log(`Nothing to do: ${result.reason}.`);
  } else {
    console.log(`Seeded the demo company: ${result.employees} employees, ${result.users} accounts.`);
    console.log(`Password for every account: ${DEMO_PASSWORD}`);
    for (const account of DEMO_ACCOUNTS) {
      console.log(`  ${account.username.padEnd(10)} ${account.name}  ${account.role}`);
    }
  }
}

try {
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  try {
    await seed(handle);
    // A new folder is unpacked with the modes of PGlite's template (files 0666), whatever the umask.
    if (!config.databaseUrl) await makePrivate(config.pgliteDir);
  } finally {
    await handle.close();
  }
} catch (error) {
  console.error(`Seeding failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
