import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The product as `npm start` runs it: the real entry point on an embedded database in a data folder.
const root = path.resolve(import.meta.dirname, '../..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-restart-'));
let server: ChildProcess | undefined;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function start(): Promise<string> {
  const port = await freePort();
  server = spawn(
    process.execPath,
    [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'api/src/index.ts')],
    {
      cwd: root,
      stdio: 'ignore',
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        PORTAL_DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
      },
    },
  );
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(`${base}/api/health/`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return base;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not start within 60 s');
}

async function stop(): Promise<void> {
  const child = server;
  if (!child || child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function call<T>(
  base: string,
  method: string,
  url: string,
  body?: unknown,
  access?: string,
): Promise<T> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(access ? { authorization: `JWT ${access}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, `${method} ${url}`).toBeLessThan(300);
  return (await res.json()) as T;
}

interface Page<T> {
  count: number;
  results: T[];
}
interface Notification {
  id: number;
  is_read: boolean;
}

describe('the embedded product across a restart', () => {
  afterAll(async () => {
    await stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps what a user changed and does not seed the demo company twice', async () => {
    let base = await start();
    let { access } = await call<{ access: string }>(base, 'POST', '/api/token-auth/', {
      username: 'yamada',
      password: 'demo1234',
    });
    const unread = await call<Page<Notification>>(
      base,
      'GET',
      '/api/notifications/?is_read=false',
      undefined,
      access,
    );
    const target = unread.results[0];
    expect(target).toBeDefined();
    await call(
      base,
      'PUT',
      `/api/notifications/${target!.id}/read/`,
      { notification_id: target!.id, is_read: true },
      access,
    );
    const orgsBefore = await call<unknown[]>(base, 'GET', '/api/organizations/', undefined, access);
    await stop();

    base = await start();
    ({ access } = await call<{ access: string }>(base, 'POST', '/api/token-auth/', {
      username: 'yamada',
      password: 'demo1234',
    }));
    const read = await call<Page<Notification>>(
      base,
      'GET',
      '/api/notifications/?is_read=true',
      undefined,
      access,
    );
    expect(read.results.map((n) => n.id)).toContain(target!.id);
    const unreadAfter = await call<Page<Notification>>(
      base,
      'GET',
      '/api/notifications/?is_read=false',
      undefined,
      access,
    );
    expect(unreadAfter.count).toBe(unread.count - 1);
    const orgsAfter = await call<unknown[]>(base, 'GET', '/api/organizations/', undefined, access);
    expect(orgsAfter).toHaveLength(orgsBefore.length);
  });
});
