// Issue 21: the data folder's lock refuses a second holder at once, naming the folder and the holding
// process, and takes over a lock whose recorded process no longer exists.
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirBusyError, lockDataDir, readLockOwner } from '../src/db/data-dir-lock.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'portal-lock-unit-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A pid that existed and is gone now: a child that already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('the data folder lock', () => {
  it('refuses a second holder, naming the folder and the process; released, it can be taken again', async () => {
    const data = path.join(dir, 'busy');
    const lock = await lockDataDir(data);
    expect(await readLockOwner(data)).toMatchObject({ pid: process.pid, hostname: os.hostname() });
    const second = lockDataDir(data);
    await expect(second).rejects.toBeInstanceOf(DataDirBusyError);
    await expect(second).rejects.toThrow(`The data directory ${data} is in use by process ${process.pid} on`);
    await lock.release();
    await (await lockDataDir(data)).release();
    // The record stays, marked stopped: proof that a release taking the lock ran on this folder.
    expect(await readdir(data)).toEqual(['portal.lock.owner.json']);
    expect(await readLockOwner(data)).toBeNull();
  });

  it('takes over a lock left by a process that no longer exists', async () => {
    const data = path.join(dir, 'stale');
    await mkdir(path.join(data, 'portal.lock'), { recursive: true });
    const gone = {
      pid: deadPid(),
      hostname: os.hostname(),
      command: 'api/src/index.ts',
      since: '2026-01-01T00:00:00Z',
    };
    await writeFile(path.join(data, 'portal.lock.owner.json'), JSON.stringify(gone));
    const lock = await lockDataDir(data);
    expect(await readLockOwner(data)).toMatchObject({ pid: process.pid });
    await lock.release();
  });

  it('does not take over a fresh lock of a live process', async () => {
    const data = path.join(dir, 'alive');
    await mkdir(path.join(data, 'portal.lock'), { recursive: true });
    const alive = {
      pid: process.ppid,
      hostname: os.hostname(),
      command: 'other',
      since: '2026-01-01T00:00:00Z',
    };
    await writeFile(path.join(data, 'portal.lock.owner.json'), JSON.stringify(alive));
    await expect(lockDataDir(data)).rejects.toThrow(`in use by process ${process.ppid}`);
  });
});
