// A private redis-server for one test file (Debian's binary): its own port and folder, append-only
// file fsynced on every write, so killing it and starting it again shows what Redis keeps over a
// crash — as production runs it (docker-compose.yml: --appendonly yes). Stops with the test process.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';

export interface RedisServer {
  readonly url: string;
  /** Kills it without warning (SIGKILL) and starts it again on the same port and data. */
  crashAndRestart(): Promise<void>;
  /** Stops it (SIGTERM) and keeps its port and data, for resume(). */
  halt(): Promise<void>;
  /** Starts a halted one again on the same port and data. */
  resume(): Promise<void>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

async function waitForPing(url: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => {}); // refused while it starts: connect() rejects, we try again
    try {
      await client.connect();
      if ((await client.ping()) === 'PONG') return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    } finally {
      client.disconnect();
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function startRedisServer(): Promise<RedisServer> {
  // The run's id in the name: `npm test` stops whatever a killed test worker left (stopRedisLeftovers).
  const dir = mkdtempSync(
    path.join(os.tmpdir(), `portal-redis-${process.env.PORTAL_TEST_RUN_ID ?? 'local'}-`),
  );
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess;

  const launch = async () => {
    child = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--dir',
        dir,
        '--appendonly',
        'yes',
        '--appendfsync',
        'always',
        '--save',
        '',
        '--maxmemory-policy',
        'noeviction',
      ],
      { stdio: 'ignore' },
    );
    child.unref();
    await waitForPing(url);
  };
  // Waited for, the server holds the process open again: else a caller with nothing else pending
  // (a benchmark's last close) ends with the wait unsettled (exit 13).
  const exited = (proc: ChildProcess) =>
    proc.exitCode !== null || proc.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          proc.ref();
          proc.once('exit', () => resolve());
        });

  await launch();
  process.once('exit', () => child.kill('SIGKILL'));
  return {
    url,
    async crashAndRestart() {
      const old = child;
      old.kill('SIGKILL');
      await exited(old);
      await launch();
    },
    async halt() {
      child.kill('SIGTERM');
      await exited(child);
    },
    async resume() {
      await launch();
    },
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
