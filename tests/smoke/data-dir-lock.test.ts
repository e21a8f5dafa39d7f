import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  call,
  runScript,
  signIn,
  startPortal,
  stopPortal,
  waitHealthy,
  type PortalProcess,
} from './support/portal-process.ts';

// Issue 21, item 1: a second `npm start` on the same data folder used to open the embedded database
// beside the first and destroy it. Now it refuses before touching it, and the first keeps serving.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-lock-'));
const env = { PORTAL_DATA_DIR: dataDir, BACKUP_AUTO: 'off' };
const started: PortalProcess[] = [];

async function start(port?: number): Promise<PortalProcess> {
  const portal = await startPortal(env, port);
  started.push(portal);
  return portal;
}

const GENERAL_WORKFLOW_ID = 4;

async function submitRequests(base: string, access: string, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await call<{ id: number }>(
      base,
      'POST',
      `/api/task/workflows/${GENERAL_WORKFLOW_ID}/form/`,
      {
        title: `稟議 ${i}`,
        content: '内容',
      },
      access,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    ids.push(res.body.id);
  }
  return ids;
}

async function refusedSecondStart(port?: number): Promise<{ code: number | null; stderr: string }> {
  const second = await start(port);
  const code = await second.exited;
  return { code, stderr: second.stderr() };
}

describe('one process per data directory', () => {
  afterAll(async () => {
    for (const portal of started) await stopPortal(portal, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a second start (same port and another), survives a kill -9 of the first, takes over its lock', async () => {
    const first = await start();
    await waitHealthy(first);
    const access = await signIn(first.base, 'yamada');
    const before = await submitRequests(first.base, access, 3);

    for (const port of [first.port, undefined]) {
      const second = await refusedSecondStart(port);
      expect(second.code).not.toBe(0);
      expect(second.stderr).toContain(
        `The data directory ${dataDir} is in use by process ${first.child.pid}`,
      );
    }
    // The refused starts created nothing beside the first server's files.
    expect(readdirSync(dataDir).sort()).toEqual(
      ['jwt-secret', 'pglite', 'portal.lock', 'portal.lock.owner.json', 'control'].sort(),
    );

    const after = await submitRequests(first.base, access, 20);
    first.child.kill('SIGKILL');
    await first.exited;

    // The lock of the killed process is stale: the next start takes it over at once.
    const third = await start();
    await waitHealthy(third);
    const again = await signIn(third.base, 'yamada');
    for (const id of [...before, ...after]) {
      const res = await call<{ id: number }>(third.base, 'GET', `/api/task/tasks/${id}/`, undefined, again);
      expect(res.status, `task ${id}`).toBe(200);
    }

    // While it runs, `npm run backup` has the server take the backup.
    const archive = path.join(dataDir, 'while-running.tar.gz');
    const backup = runScript('api/src/ops/backup-cli.ts', env, ['--out', archive]);
    expect(await backup.exited, backup.stderr()).toBe(0);
    expect(backup.stdout()).toContain(`The portal is running (pid ${third.child.pid})`);
    expect(backup.stdout()).toContain(
      `Backup written and verified (read back, every part's sha256 checked): ${archive}\n`,
    );
    expect(backup.stdout()).toMatch(/Left out \(pass --with-secrets to include\):\n {2}- .*jwt-secret/);

    // SIGHUP (a closed terminal) stops it cleanly: the lock is released.
    await stopPortal(third, 'SIGHUP');
    expect(third.child.exitCode).toBe(0);
    expect(readdirSync(dataDir)).not.toContain('portal.lock');
  });
});
