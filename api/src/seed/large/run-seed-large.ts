// `npm run seed:large -- --employees 50000 [--requests N] [--seed S]`: a large company (seed-large.ts)
// in the configured database (DATABASE_URL, or PGlite in the data folder for small sizes), which must
// be empty of accounts. Prints what it wrote and how long it took.
import { parseArgs } from 'node:util';
import { loadConfigOrExit } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { makePrivate } from '../../ops/data-dir.ts';
import { LARGE_PASSWORD, seedLarge } from './seed-large.ts';

process.umask(0o077);
const config = loadConfigOrExit();
const { values } = parseArgs({
  options: {
    employees: { type: 'string', default: '50000' },
    requests: { type: 'string' },
    seed: { type: 'string', default: '1' },
  },
});
const count = (name: string, text: string | undefined) => {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive whole number`);
  return n;
};

try {
  const started = performance.now();
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  try {
    await handle.migrate();
    const result = await seedLarge(handle.db, {
      employees: count('employees', values.employees)!,
      requests: count('requests', values.requests),
      seed: count('seed', values.seed),
    });
    if (!config.databaseUrl) await makePrivate(config.pgliteDir);
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    console.log(
      `Seeded a company of ${result.employees} employees in ${result.organisations} organisations, ` +
        `${result.requests} requests, ${result.attendanceReports} attendance reports and ` +
        `${result.paidLeaveGrants} paid leave grants in ${seconds} s.`,
    );
    console.log(`Password for every account (admin, hayashi, u000001…): ${LARGE_PASSWORD}`);
  } finally {
    await handle.close();
  }
} catch (error) {
  console.error(`Seeding failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
