// `npm start` as an operator runs it: the real npm, its `sh -c`, scripts/start.mjs and the compiled
// server, in a process group of their own (as a terminal or a supervisor would hold them), so a test
// can signal the group, the npm process or the starter, and then find every process of it gone.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { ROOT, freePort } from '../../support/server.ts';

export interface NpmStart {
  readonly child: ChildProcess;
  readonly port: number;
  readonly base: string;
  /** The server's pid, from the data folder's lock record. */
  readonly serverPid: number;
  output(): string;
  readonly exited: Promise<void>;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits (at most `ms`) for `pid` to be gone; true when it is. */
export async function gone(pid: number, ms = 60_000): Promise<boolean> {
  for (let waited = 0; waited < ms && isAlive(pid); waited += 100) await sleep(100);
  return !isAlive(pid);
}

export interface LockRecord {
  readonly pid: number;
  readonly stoppingSince?: string;
  readonly stoppedAt?: string;
}

export function lockRecord(dataDir: string): LockRecord | null {
  const file = path.join(dataDir, 'portal.lock.owner.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as LockRecord) : null;
}

/**
 * The state PostgreSQL records in pg_control (a uint32 after the system identifier and two version
 * numbers): 1 "shut down" once a shutdown checkpoint was written, 6 "in production" while open or
 * after a crash (the next open must recover).
 */
export function databaseState(dataDir: string): number {
  return readFileSync(path.join(dataDir, 'pglite/global/pg_control')).readUInt32LE(16);
}
export const SHUT_DOWN = 1;

/**
 * Starts `npm start` (or `node scripts/start.mjs` with `viaNpm: false`) on `dataDir` and waits for
 * its banner.
 */
export async function npmStart(
  dataDir: string,
  env: Record<string, string> = {},
  { viaNpm = true } = {},
): Promise<NpmStart> {
  const port = await freePort();
  const [command, args] = viaNpm
    ? ['npm', ['start']]
    : [process.execPath, [path.join(ROOT, 'scripts/start.mjs')]];
  const child = spawn(command, args, {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PORTAL_DATA_DIR: dataDir,
      BACKUP_AUTO: 'off',
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  let out = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let i = 0; i < 1800 && !out.includes('停止'); i++) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${out}`);
    await sleep(100);
  }
  if (!out.includes('停止')) {
    killGroup(child);
    throw new Error(`npm start showed no banner within 180 s:\n${out}`);
  }
  const serverPid = lockRecord(dataDir)!.pid;
  return { child, port, base: `http://127.0.0.1:${port}`, serverPid, output: () => out, exited };
}

/** The last resort of every test: the whole group, at once. */
export function killGroup(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // already gone
  }
}

export interface Answer {
  readonly status?: number;
  readonly error?: string;
  readonly id?: number;
}

/** One POST on a connection of its own (no keep-alive: each request is a whole exchange). */
export function post(base: string, url: string, body: unknown, access: string): Promise<Answer> {
  return new Promise((resolve) => {
    const req = http.request(
      `${base}${url}`,
      {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', authorization: `JWT ${access}` },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => {
          let id: number | undefined;
          try {
            id = (JSON.parse(text) as { id?: number }).id;
          } catch {
            id = undefined;
          }
          resolve({ status: res.statusCode, ...(id === undefined ? {} : { id }) });
        });
        res.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    req.end(JSON.stringify(body));
  });
}
