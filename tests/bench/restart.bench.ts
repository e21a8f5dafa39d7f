// Issue 39, acceptance 7: how long the portal is gone after a kill -9 under a stream of writes, from the
// kill to the readiness answering 200, on the embedded database and on PostgreSQL. The server is the
// one `npm start` runs (the compiled api/dist/index.js, plain node), on 127.0.0.1, with its own data
// folder (and its own scratch database on PostgreSQL). Each round: ten writers submit requests, the
// server is killed (SIGKILL) in full swing and started again at once; we time the first HTTP answer
// (the 起動中です listener), liveness 200 and readiness 200, and read where the seconds went from
// the server's own "listening" line (startupMs: ms since the process began at the lock, the
// application loaded, the database opened and prepared, serving, the jobs started).
// Targets: readiness ≤ 5 s embedded and ≤ 3 s on PostgreSQL (median of the rounds). Exits 1 when
// missed. BENCH_RESTART_ROUNDS (5); BENCH_RESTART_PG_URL (postgres://postgres@127.0.0.1:5432/postgres;
// "off" skips PostgreSQL).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { API_ENTRY, ensureApiBuilt } from '../../scripts/lib/api-build.mjs';
import { ROOT, freePort } from '../support/server.ts';

const ROUNDS = Number(process.env.BENCH_RESTART_ROUNDS ?? 5);
const PG_URL = process.env.BENCH_RESTART_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TARGET_SECONDS = { embedded: 5, postgres: 3 };
const GENERAL_WORKFLOW_ID = 4;
const WRITERS = 10;
let failed = false;

interface Server {
  readonly child: ChildProcess;
  readonly base: string;
  /** The startupMs of its "listening" line, once written. */
  startup(): Record<string, number> | null;
  readonly exited: Promise<void>;
}

function start(env: Record<string, string>, port: number): Server {
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(ROOT, API_ENTRY)], {
    cwd: path.join(ROOT, 'api'),
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(port),
      ...env,
    },
  });
  let startup: Record<string, number> | null = null;
  let pending = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.includes('"startupMs"')) continue;
      startup = (JSON.parse(line) as { startupMs: Record<string, number> }).startupMs;
    }
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      if (code && !signal) console.error(`the server exited with ${code}: ${stderr}`);
      resolve();
    }),
  );
  return { child, base: `http://127.0.0.1:${port}`, startup: () => startup, exited };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Milliseconds from `since` until `ok` holds, asking every 20 ms. */
async function until(since: number, ok: () => Promise<boolean>, limitMs = 180_000): Promise<number> {
  for (;;) {
    if (await ok().catch(() => false)) return performance.now() - since;
    if (performance.now() - since > limitMs) throw new Error('the server did not come back');
    await sleep(20);
  }
}

const answers = (url: string) => fetch(url).then(async (r) => (await r.arrayBuffer(), true));
const answersOk = (url: string) => fetch(url).then(async (r) => (await r.arrayBuffer(), r.ok));

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/token-auth/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'yamada', password: 'demo1234' }),
  });
  if (!res.ok) throw new Error(`sign-in: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access: string }).access;
}

/** Writers submitting requests until the server stops answering; resolves with how many it answered. */
function writers(base: string, access: string): { inFlight: Promise<number> } {
  let answered = 0;
  const one = async () => {
    for (let i = 0; ; i++) {
      const res = await fetch(`${base}/api/task/workflows/${GENERAL_WORKFLOW_ID}/form/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `JWT ${access}` },
        body: JSON.stringify({ title: `再起動 ${i}`, content: '内容' }),
      }).catch(() => null);
      if (!res) return;
      await res.arrayBuffer();
      if (res.status === 201) answered++;
    }
  };
  return { inFlight: Promise.all(Array.from({ length: WRITERS }, one)).then(() => answered) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function scenario(kind: 'embedded' | 'postgres', env: Record<string, string>): Promise<void> {
  const port = await freePort();
  if (kind === 'postgres') {
    // A PostgreSQL database is never seeded by a start: the demo company as `npm run seed:demo` makes it.
    const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'src/seed/run-seed.ts'], {
      cwd: path.join(ROOT, 'api'),
      env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    });
    if (seeded.status !== 0) throw new Error(`seed:demo failed: ${seeded.stderr}`);
  }
  let server = start(env, port);
  await until(performance.now(), () => answersOk(`${server.base}/api/health/ready/`));
  const rows: { listening: number; healthy: number; ready: number; startup: Record<string, number> }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const access = await signIn(server.base);
    const stream = writers(server.base, access);
    await sleep(1500);
    const killedAt = performance.now();
    server.child.kill('SIGKILL');
    await server.exited;
    const written = await stream.inFlight;
    server = start(env, port);
    const listening = await until(killedAt, () => answers(`${server.base}/api/health/`));
    const healthy = await until(killedAt, () => answersOk(`${server.base}/api/health/`));
    const ready = await until(killedAt, () => answersOk(`${server.base}/api/health/ready/`));
    // The line is written once the jobs have started, a moment after the first ready answer.
    await until(killedAt, async () => server.startup() !== null);
    const startup = server.startup() ?? {};
    rows.push({ listening, healthy, ready, startup });
    console.log(
      `  round ${round + 1}: ${written} writes answered before the kill; first answer ${seconds(listening)}, ` +
        `live ${seconds(healthy)}, ready ${seconds(ready)}; server: ${JSON.stringify(startup)}`,
    );
  }
  server.child.kill('SIGTERM');
  await server.exited;
  const ready = median(rows.map((r) => r.ready));
  const ok = ready <= TARGET_SECONDS[kind] * 1000;
  if (!ok) failed = true;
  const phases = Object.keys(rows[0]?.startup ?? {});
  console.log(
    `${kind.padEnd(9)} kill -9 → ready, median of ${ROUNDS}: ${seconds(ready)} ` +
      `(first answer ${seconds(median(rows.map((r) => r.listening)))}, live ${seconds(median(rows.map((r) => r.healthy)))}); ` +
      `target ≤ ${TARGET_SECONDS[kind]} s ${ok ? '✓' : '✗ target missed'}`,
  );
  console.log(
    `          where the seconds go (median ms since the process began): ` +
      phases.map((p) => `${p} ${median(rows.map((r) => r.startup[p] ?? NaN))}`).join(', '),
  );
}

async function main(): Promise<void> {
  if (!(await ensureApiBuilt(ROOT))) throw new Error('the API build failed');
  console.log(
    `load average before: ${loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-restart-bench-'));
  try {
    await scenario('embedded', { PORTAL_DATA_DIR: dataDir });
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  if (PG_URL === 'off') return;
  const name = `portal_restart_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const pgDir = await mkdtemp(path.join(tmpdir(), 'portal-restart-bench-pg-'));
  try {
    await scenario('postgres', { DATABASE_URL: url.toString(), PORTAL_DATA_DIR: pgDir });
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    await rm(pgDir, { recursive: true, force: true });
  }
}

await main();
process.exit(failed ? 1 : 0);
