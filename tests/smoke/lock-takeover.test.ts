// Issue 33, findings 5, 6 and 8, acceptance 5: the data folder's lock with real processes.
// - Three processes taking over a dead holder's lock at the same moment: exactly one holds it, 20 rounds
//   (`rm` then `mkdir` gave two or three holders in 7 of 10).
// - A second start on a folder in use is refused by the entry before the application's modules load
//   (it used to load the whole app for 6–15 s first).
// - A folder no lock-aware release has run on, whose database was written moments ago (a release from
//   before the lock may be running on it), is refused with a message saying so.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ENTRY, ensureApiBuilt } from '../../scripts/lib/api-build.mjs';
import { ROOT } from '../support/server.ts';
import { isAlive } from './support/npm-start.ts';

const scratch = mkdtempSync(path.join(os.tmpdir(), 'portal-takeover-'));
const children: ChildProcess[] = [];

interface Contender {
  readonly child: ChildProcess;
  /** The next line it prints. */
  next(): Promise<string>;
}

function contender(dataDir: string): Contender {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'tests/smoke/support/lock-contender.ts'), dataDir],
    { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  children.push(child);
  const lines = createInterface({ input: child.stdout! });
  const queue: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  lines.on('line', (line) => (waiting.length > 0 ? waiting.shift()!(line) : queue.push(line)));
  child.once('exit', () => {
    for (const resolve of waiting.splice(0)) resolve(`exited ${child.exitCode}`);
  });
  return {
    child,
    next: () =>
      queue.length > 0 ? Promise.resolve(queue.shift()!) : new Promise((resolve) => waiting.push(resolve)),
  };
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/** Runs the compiled entry on `env`, logging every module it loads; resolves when it exits. */
function runEntry(env: Record<string, string>) {
  const log = path.join(scratch, `modules-${children.length}.log`);
  writeFileSync(log, '');
  const child = spawn(
    process.execPath,
    ['--import', path.join(ROOT, 'tests/smoke/support/log-modules.mjs'), path.join(ROOT, API_ENTRY)],
    {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent', MODULE_LOG: log, ...env },
    },
  );
  children.push(child);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stderr: string; modules: string[] }>((resolve) =>
    child.once('exit', (code) =>
      resolve({ code, stderr, modules: readFileSync(log, 'utf8').split('\n').filter(Boolean) }),
    ),
  );
}

/** Modules only the application (serve.ts and what it imports) loads. */
const APPLICATION = /\/dist\/serve-|\/node_modules\/(express|@electric-sql\/pglite|drizzle-orm|pino)\//;

beforeAll(async () => {
  expect(await ensureApiBuilt(ROOT, { log: () => undefined })).toBe(true);
});

afterAll(async () => {
  for (const child of children) await killed(child);
  rmSync(scratch, { recursive: true, force: true });
});

describe('the data folder lock between processes', () => {
  it('gives a dead holder’s lock to exactly one of three processes taking it over at once, 20 rounds', async () => {
    const dataDir = path.join(scratch, 'race');
    // The first holder, killed: from then on each round's winner is killed to leave the next round
    // a dead holder's lock.
    let holder = contender(dataDir);
    expect(await holder.next()).toBe('ready');
    holder.child.stdin!.write('go\n');
    expect(await holder.next()).toBe('held');
    for (let round = 1; round <= 20; round++) {
      await killed(holder.child);
      const three = [contender(dataDir), contender(dataDir), contender(dataDir)];
      for (const c of three) expect(await c.next()).toBe('ready');
      for (const c of three) c.child.stdin!.write('go\n');
      const results = await Promise.all(three.map((c) => c.next()));
      const winners = three.filter((_, i) => results[i] === 'held');
      expect(winners, `round ${round}: ${results.join(' | ')}`).toHaveLength(1);
      for (const [i, result] of results.entries()) {
        if (result !== 'held') expect(result).toContain(`in use by process ${winners[0]!.child.pid}`);
        else expect(i).toBe(three.indexOf(winners[0]!));
      }
      holder = winners[0]!;
    }
    await killed(holder.child);
  });

  it('refuses a second start before loading the application', async () => {
    const dataDir = path.join(scratch, 'busy');
    const holder = contender(dataDir);
    expect(await holder.next()).toBe('ready');
    holder.child.stdin!.write('go\n');
    expect(await holder.next()).toBe('held');

    const second = await runEntry({ PORTAL_DATA_DIR: dataDir });
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`The data directory ${dataDir} is in use by process ${holder.child.pid}`);
    // It loaded its entry, and nothing of the application.
    expect(second.modules.some((url) => url.endsWith(`/${API_ENTRY}`))).toBe(true);
    expect(second.modules.filter((url) => APPLICATION.test(url))).toEqual([]);
    await killed(holder.child);
    expect(isAlive(holder.child.pid!)).toBe(false);
  });

  it('refuses a folder whose database was just written by a process that recorded no lock', async () => {
    const dataDir = path.join(scratch, 'older-release');
    // What a release from before the lock leaves: a database and no lock record; written just now.
    mkdirSync(path.join(dataDir, 'pglite/global'), { recursive: true });
    writeFileSync(path.join(dataDir, 'pglite/global/pg_control'), Buffer.alloc(8192));
    const refused = await runEntry({ PORTAL_DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'an older release of the portal (one that takes no lock) may still be running',
    );
    expect(refused.modules.filter((url) => APPLICATION.test(url))).toEqual([]);

    // Written a minute ago: nothing runs on it; the start gets past the lock and loads the
    // application, which then stops at a port in use (before it would open the made-up database).
    const minuteAgo = new Date(Date.now() - 60_000);
    utimesSync(path.join(dataDir, 'pglite/global/pg_control'), minuteAgo, minuteAgo);
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const port = String((taken.address() as AddressInfo).port);
      const accepted = await runEntry({ PORTAL_DATA_DIR: dataDir, PORT: port });
      expect(accepted.code).toBe(1);
      expect(accepted.stderr).toContain(`Cannot listen on 127.0.0.1:${port}`);
      expect(accepted.modules.some((url) => /\/dist\/serve-/.test(url))).toBe(true);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
