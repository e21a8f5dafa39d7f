// Makes sure the outside services the tests need are present: Debian packages (Chromium, Japanese
// fonts, redis-server, PostgreSQL, docker-compose for checking docker-compose.yml), then a PostgreSQL and a Redis that answer. Uses the ones already
// running on 127.0.0.1 when they answer; otherwise starts private ones in a temporary folder, which
// stop when the test run ends.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, chownSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function has(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

function hasJapaneseFont() {
  if (!has('fc-list')) return false;
  const out = spawnSync('fc-list', [':lang=ja'], { encoding: 'utf8' });
  return out.status === 0 && out.stdout.trim().length > 0;
}

function postgresBinDir() {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const dir = path.join(root, v, 'bin');
    if (existsSync(path.join(dir, 'initdb'))) return dir;
  }
  return null;
}

/** Debian packages each missing piece comes from. */
function missingPackages({ needPostgresBinaries }) {
  const missing = [];
  if (!existsSync(CHROMIUM_PATH)) missing.push('chromium');
  if (!hasJapaneseFont()) missing.push('fonts-noto-cjk');
  if (!has('redis-server')) missing.push('redis-server');
  // `docker compose config` checks docker-compose.yml; Debian's docker-compose does it without an engine.
  if (
    !has('docker-compose') &&
    spawnSync('docker', ['compose', 'version'], { stdio: 'ignore' }).status !== 0
  ) {
    missing.push('docker-compose');
  }
  if (needPostgresBinaries && !postgresBinDir()) missing.push('postgresql');
  return missing;
}

export async function ensurePackages({ needPostgresBinaries }) {
  let missing = missingPackages({ needPostgresBinaries });
  if (missing.length === 0) return;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && has('apt-get')) {
    console.log(`Installing ${missing.join(' ')} with apt-get…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: 'inherit', env });
    missing = missingPackages({ needPostgresBinaries });
  }
  if (missing.length > 0) {
    const sudo = isRoot ? '' : 'sudo ';
    throw new Error(
      `The tests need these Debian packages: ${missing.join(' ')}\n` +
        `Install them with:\n  ${sudo}apt-get update && ${sudo}apt-get install -y ${missing.join(' ')}\n` +
        `(Chromium elsewhere: set CHROMIUM_PATH.)`,
    );
  }
}

function canConnect(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

async function pgAnswers(url) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** A PostgreSQL admin URL that answers, and a function that stops it if we started it. */
export async function ensurePostgres() {
  const given = process.env.PORTAL_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  if (await pgAnswers(given)) return { url: given, stop: async () => {} };

  const bin = postgresBinDir();
  if (!bin)
    throw new Error('PostgreSQL is not running and its binaries are missing: apt-get install -y postgresql');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-pg-'));
  const asRoot = process.getuid?.() === 0;
  const run = (cmd, args) => {
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
    execFileSync(file, argv, { stdio: 'ignore' });
  };
  if (asRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), 0);
  const port = await freePort();
  console.log(`Starting a private PostgreSQL on 127.0.0.1:${port}…`);
  run(path.join(bin, 'initdb'), ['-D', dir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  run(path.join(bin, 'pg_ctl'), [
    '-D',
    dir,
    '-w',
    '-l',
    path.join(dir, 'server.log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    'start',
  ]);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    stop: async () => {
      try {
        run(path.join(bin, 'pg_ctl'), ['-D', dir, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** A Redis URL that answers, and a function that stops it if we started it. */
export async function ensureRedis() {
  if (process.env.REDIS_URL) return { url: process.env.REDIS_URL, stop: async () => {} };
  if (await canConnect(6379)) return { url: 'redis://127.0.0.1:6379', stop: async () => {} };
  const port = await freePort();
  console.log(`Starting a private redis-server on 127.0.0.1:${port}…`);
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  for (let i = 0; i < 50 && !(await canConnect(port)); i++) await new Promise((r) => setTimeout(r, 100));
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
    },
  };
}
