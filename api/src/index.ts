// The API's entry, kept tiny on purpose: it makes everything it writes private (umask 077), takes the
// embedded data folder's lock and clears what a killed process left in its temporary folder, and only
// then loads the application (serve.ts). So a second start on a folder in use is refused before the
// app's modules load (issue 33, finding 8: 6–15 s of loading before the refusal), and nothing is
// written before the umask is set (issue 32, finding 8).
import { loadConfigOrExit } from './config.ts';
import { keepDataDirPrivate, sweepTemporaryFiles } from './ops/data-dir.ts';
import { DataDirBusyError, DataDirRecentlyWrittenError, lockDataDir } from './db/data-dir-lock.ts';
import { watchStopRequests } from './stop-requests.ts';

process.umask(0o077);
const stops = watchStopRequests();
const config = loadConfigOrExit();

/** How long a start waits for a previous server that is stopping to release the folder. */
const STOPPING_WAIT_MS = 5 * 60_000;

/** The lock; a holder that is stopping (a restart, a start during a stop) is waited for. */
async function lockWaitingForStop() {
  const onLost = (error: Error) => {
    console.error(`The lock on ${config.dataDir} was lost (${error.message}); stopping.`);
    stops.request('lock lost');
  };
  for (let waited = 0; ; waited += 250) {
    try {
      return await lockDataDir(config.dataDir, onLost);
    } catch (error) {
      const stopping = error instanceof DataDirBusyError && error.owner?.stoppingSince;
      if (!stopping || waited >= STOPPING_WAIT_MS || stops.requested) throw error;
      if (waited === 0)
        console.error(
          `Process ${error.owner?.pid} is stopping; waiting for it to release ${config.dataDir}…`,
        );
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

async function lockEmbedded() {
  if (config.databaseUrl) return null;
  try {
    const lock = await lockWaitingForStop();
    await keepDataDirPrivate(config.dataDir, config.backup.dir);
    await sweepTemporaryFiles(config.dataDir, config.backup.dir);
    return lock;
  } catch (error) {
    if (!(error instanceof DataDirBusyError || error instanceof DataDirRecentlyWrittenError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

const lock = await lockEmbedded();
const lockedAt = Math.round(performance.now());
// A stop asked for while the lock was being taken: nothing is open yet.
if (stops.requested) {
  await lock?.release();
  process.exit(0);
}
try {
  const { serve } = await import('./serve.ts');
  await serve({ config, lock, stops, lockedAt });
} catch (error) {
  console.error(error);
  await lock?.release();
  process.exit(1);
}
