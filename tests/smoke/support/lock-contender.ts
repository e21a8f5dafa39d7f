// One process wanting the data folder's lock (tests/smoke/lock-takeover.test.ts): says "ready", waits
// for a line on stdin, tries once, says "held" or "busy …"; a holder keeps the lock until it is killed.
import { createInterface } from 'node:readline';
import { DataDirBusyError, lockDataDir } from '../../../api/src/db/data-dir-lock.ts';

const dataDir = process.argv[2]!;
const lines = createInterface({ input: process.stdin });
process.stdout.write('ready\n');
await new Promise((resolve) => lines.once('line', resolve));
try {
  await lockDataDir(dataDir);
  process.stdout.write('held\n');
  setInterval(() => undefined, 60_000);
} catch (error) {
  if (!(error instanceof DataDirBusyError)) throw error;
  process.stdout.write(`busy ${error.message}\n`);
  process.exit(0);
}
