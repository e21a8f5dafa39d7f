// `npm run seed:demo`: seeds the demo company into the configured database (PGlite in the data folder,
// or DATABASE_URL). Safe to repeat: it skips when demo data is already there.
import { loadConfigOrExit } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { ensurePermissions } from '../db/reference-data.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts.ts';
import { seedDemo } from './seed-demo.ts';

const config = loadConfigOrExit();
const handle = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
try {
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
} finally {
  await handle.close();
}
