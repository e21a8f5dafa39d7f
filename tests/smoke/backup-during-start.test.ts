// Issue 33, finding 8: `npm run backup` while the portal was still starting failed with ENOENT on the
// control socket, and a data folder path over ~100 characters cut the socket's path short. Now the
// command waits for the starting server, and a long path gets a short socket of its own.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { controlSocketPath } from '../../api/src/ops/backup/control-socket.ts';
import { gone, isAlive, lockRecord, sleep } from './support/npm-start.ts';
import { runScript, startPortal, stopPortal, type PortalProcess } from './support/portal-process.ts';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'portal-long-'));
const dataDir = path.join(
  scratch,
  'a-data-folder-whose-path-is-longer-than-a-unix-socket-path-may-be',
  'data',
);
let portal: PortalProcess | undefined;

describe('npm run backup during a start, on a long data folder path', () => {
  afterAll(async () => {
    await stopPortal(portal, 'SIGKILL');
    rmSync(scratch, { recursive: true, force: true });
  });

  it('waits for the starting server, which writes the archive', async () => {
    expect(Buffer.byteLength(path.join(dataDir, 'control', 'portal.sock'))).toBeGreaterThan(107);
    portal = await startPortal({ PORTAL_DATA_DIR: dataDir, BACKUP_AUTO: 'off' });
    // The server holds the folder (its lock is the first thing it takes) but is still starting.
    for (let i = 0; i < 600 && lockRecord(dataDir)?.pid !== portal.child.pid; i++) await sleep(100);
    expect(lockRecord(dataDir)?.pid).toBe(portal.child.pid);

    const archive = path.join(scratch, 'during-start.tar.gz');
    const backup = runScript('api/src/ops/backup-cli.ts', { PORTAL_DATA_DIR: dataDir }, ['--out', archive]);
    expect(await backup.exited, backup.stderr()).toBe(0);
    expect(backup.stdout()).toContain(`The portal is running (pid ${portal.child.pid})`);
    expect(backup.stdout()).toContain(
      `Backup written and verified (read back, every part's sha256 checked): ${archive}\n`,
    );
    expect(statSync(archive).size).toBeGreaterThan(0);
    const socket = controlSocketPath(dataDir);
    expect(Buffer.byteLength(socket)).toBeLessThanOrEqual(100);
    expect(statSync(path.dirname(socket)).mode & 0o777).toBe(0o700);

    const pid = portal.child.pid!;
    await stopPortal(portal, 'SIGTERM');
    expect(await gone(pid)).toBe(true);
    expect(isAlive(pid)).toBe(false);
  });
});
