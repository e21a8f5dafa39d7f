// The approval list and approvals under load (issue #3, acceptance 6): 2,000 employees and 200,000
// tasks, seed:large's company (api/src/seed/large/), once on a fresh PGlite and once on a fresh PostgreSQL database. For
// each, the real app (createApp) listens on 127.0.0.1 and autocannon (100 connections, in its own
// process: load-client.ts) measures GET task/tasks/?filter=approval&page=1 for the busiest approver,
// a bare Express endpoint answering the same bytes, then approvals, each request approving another
// awaiting node. Targets: list p95 ≤ 20 ms and ≥ half the bare endpoint's requests/s; approval
// p95 ≤ 50 ms. Figures go to docs/benchmarks.md.
import { hash } from '@node-rs/argon2';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import express from 'express';
import pg from 'pg';
import { createApp } from '../../api/src/app.ts';
import { openChangeFeed } from '../../api/src/cache/change-feed.ts';
import { openPglite, openPostgres, type DatabaseHandle, type Db } from '../../api/src/db/client.ts';
import { prepareDatabase } from '../../api/src/prepare-database.ts';
import { createLogger } from '../../api/src/logger.ts';
import { testConfig } from '../../api/test/support/test-config.ts';
import { ensurePostgres } from '../../scripts/lib/services.mjs';
import { ROOT, freePort } from '../support/server.ts';
import { LARGE_PASSWORD as PASSWORD, seedLarge } from '../../api/src/seed/large/seed-large.ts';
import { addAwaitingTasks } from './approvals-data.ts';
import { bareApproval } from './bare-approval.ts';
import type { LoadFigures, LoadRequest, LoadSettings } from './load-client.ts';
import { recordSection } from './support/record-section.ts';

/** The company: seed:large's, at the size these figures have always been measured on. */
const EMPLOYEES = 2_000;
const TASKS = 200_000;
const CONNECTIONS = 100;
const DURATION_S = 10;
/** Approvals and bare transactions are measured at both: a crowd, and a pool's worth of callers. */
const WRITE_CONNECTIONS = [100, 10] as const;
/** Whose awaiting nodes are approved: the busiest approvers (each sign-in costs an argon2 hash). */
const APPROVERS = 150;
/** A short run that tells how fast a pool is used up; the measured run then gets this much more. */
const CALIBRATION_S = 2;
const CALIBRATION_POOL = 3_000;
const POOL_HEADROOM = 3;
/** A run's pool is never smaller: a calibration on a cold server underestimates the rate. */
const MIN_POOL = 1_000;
const TARGET = { listP95: 20, listShareOfBare: 0.5, approvalP95: 50 };

const logger = createLogger('silent');
const config = testConfig({
  logLevel: 'silent',
  loginRateLimit: { perIp: 100_000, perUsername: 1000, windowSeconds: 900 },
});

// ── servers and load ─────────────────────────────────────────────────────────────────────────────

function listen(app: express.Express): Promise<{ server: Server; base: string }> {
  return freePort().then(
    (port) =>
      new Promise((resolve, reject) => {
        const server = app.listen(port, '127.0.0.1', (error?: Error) =>
          error ? reject(error) : resolve({ server, base: `http://127.0.0.1:${port}` }),
        );
      }),
  );
}

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

function load(settings: LoadSettings): Promise<LoadFigures> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), path.join(import.meta.dirname, 'load-client.ts')],
      { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as LoadFigures) : reject(new Error(`load client exited ${code}`)),
    );
    child.stdin.end(JSON.stringify(settings));
  });
}

async function signIn(base: string, username: string): Promise<string> {
  const res = await fetch(`${base}/api/token-auth/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in of ${username}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access: string }).access;
}

interface AwaitingNode {
  readonly task_id: number;
  readonly id: number;
  readonly user_id: number;
  readonly username: string;
}

/** The approvers with most nodes awaiting them: the approvals are theirs (each sign-in costs a hash). */
async function busiestApprovers(db: Db): Promise<{ id: number; username: string }[]> {
  const result = (await db.execute(sql`
    select u.id, u.username from task_awaiting w join users u on u.id = w.user_id
    group by u.id, u.username order by count(*) desc, u.id limit ${APPROVERS}`)) as unknown as {
    rows: { id: number; username: string }[];
  };
  return result.rows;
}

async function signInAll(base: string, usernames: readonly string[]): Promise<Map<string, string>> {
  const tokens = new Map<string, string>();
  for (let i = 0; i < usernames.length; i += 4)
    await Promise.all(usernames.slice(i, i + 4).map(async (u) => tokens.set(u, await signIn(base, u))));
  return tokens;
}

/**
 * Hands out nodes awaiting one of `approverIds` (anyone's when null), each once, in a fixed shuffled
 * order. When the data has too few left for a run, copies of tasks in progress are added first: the
 * pool is sized from the run, never the run from the pool.
 */
function nodePool(db: Db, approverIds: readonly number[] | null) {
  const used = new Set<number>();
  const select = async (n: number) => {
    const result = (await db.execute(sql`
      select distinct on (md5(w.task_node_id::text), w.task_node_id) w.task_id, w.task_node_id as id, w.user_id, u.username
      from task_awaiting w join users u on u.id = w.user_id
      where (${approverIds ? `{${approverIds.join(',')}}` : null}::int[] is null
          or w.user_id = any(${approverIds ? `{${approverIds.join(',')}}` : null}::int[]))
        and not (w.task_node_id = any(${`{${[...used].join(',')}}`}::int[]))
      order by md5(w.task_node_id::text), w.task_node_id, w.user_id
      limit ${n}`)) as unknown as { rows: AwaitingNode[] };
    return result.rows;
  };
  return {
    async take(n: number): Promise<AwaitingNode[]> {
      let nodes = await select(n);
      if (nodes.length < n) {
        await addAwaitingTasks(db, n - nodes.length, approverIds);
        nodes = await select(n);
      }
      for (const node of nodes) used.add(node.id);
      return nodes;
    },
  };
}

/** Approvals and the bare transaction doing their writes, at one connection count. */
interface WriteFigures {
  readonly connections: number;
  readonly approve: LoadFigures;
  readonly approvePool: number;
  readonly bareTx: LoadFigures;
  readonly bareTxPool: number;
}

interface BackendFigures {
  readonly backend: string;
  readonly seedSeconds: number;
  readonly approver: string;
  readonly awaiting: number;
  readonly listBytes: number;
  readonly list: LoadFigures;
  readonly bare: LoadFigures;
  readonly writes: readonly WriteFigures[];
  /** One-minute load average when the measuring started and ended: the machine may be shared. */
  readonly load: readonly [number, number];
}

const LIST_PATH = '/api/task/tasks/?filter=approval&page=1';

async function measure(backend: string, handle: DatabaseHandle): Promise<BackendFigures> {
  const started = performance.now();
  console.log(`${backend}: migrating and writing ${TASKS.toLocaleString('en-US')} tasks…`);
  await prepareDatabase(handle, { seedDemo: 'never', logger });
  // seed:large's company: beside the requests, a year of attendance reports (approved) for its members.
  await seedLarge(handle.db, {
    employees: EMPLOYEES,
    requests: TASKS,
    passwordHash: await hash(PASSWORD, { memoryCost: 1024, timeCost: 1 }),
  });
  const seedSeconds = (performance.now() - started) / 1000;
  const db = handle.db;
  const loadAtStart = loadavg()[0]!;

  // The busiest approver: most approver nodes awaiting them.
  const busiest = (await db.execute(sql`
    select u.username, count(*)::int as n from task_nodes tn
    join task_node_approvers a on a.task_node_id = tn.id join users u on u.id = a.user_id
    where tn.status = '01' and not tn.is_observer group by u.username order by n desc, u.username limit 1`)) as unknown as {
    rows: { username: string; n: number }[];
  };
  const { username: approver, n: awaiting } = busiest.rows[0]!;

  const changes = await openChangeFeed(handle, logger);
  const app = await listen(createApp({ config, db, logger, changes }));
  let bare: { server: Server; base: string } | undefined;
  try {
    const token = await signIn(app.base, approver);
    const headers = { Authorization: `JWT ${token}` };
    const res = await fetch(`${app.base}${LIST_PATH}`, { headers });
    if (!res.ok) throw new Error(`approval list: ${res.status}`);
    const body = Buffer.from(await res.arrayBuffer());
    const bareApp = express();
    bareApp.get('/api/task/tasks', (_req, r) => {
      r.set('Cache-Control', 'no-store').type('application/json; charset=utf-8').send(body);
    });
    bareApp.post('/bare-approval/:taskId/:nodeId/:userId', async (req, r) => {
      const { taskId, nodeId, userId } = req.params;
      const done = await bareApproval(db, Number(taskId), Number(nodeId), Number(userId));
      r.status(done ? 200 : 409).json({ done });
    });
    bare = await listen(bareApp);

    console.log(
      `${backend}: seeded in ${seedSeconds.toFixed(0)} s; measuring the list of ${approver} (${awaiting} awaiting)…`,
    );
    const get: LoadRequest = { method: 'GET', path: LIST_PATH, headers };
    await load({ url: app.base, connections: 10, duration: 2, requests: [get] }); // warm-up
    const list = await load({
      url: app.base,
      connections: CONNECTIONS,
      duration: DURATION_S,
      requests: [get],
    });
    await load({ url: bare.base, connections: 10, duration: 2, requests: [get] });
    const bareFigures = await load({
      url: bare.base,
      connections: CONNECTIONS,
      duration: DURATION_S,
      requests: [get],
    });

    // Approvals and their bare transaction, at each connection count, every request on a node of its
    // own: the pools are cut from one shuffled list of awaiting nodes, each sized from a short
    // calibration run, so no run reaches the end of its pool (which would answer 409s).
    const approvers = await busiestApprovers(db);
    console.log(`${backend}: signing in the ${approvers.length} busiest approvers…`);
    const tokens = await signInAll(
      app.base,
      approvers.map((a) => a.username),
    );
    const approvalNodes = nodePool(
      db,
      approvers.map((a) => a.id),
    );
    const bareNodes = nodePool(db, null);
    const approval = (r: AwaitingNode): LoadRequest => ({
      method: 'POST',
      path: `/api/task/tasks/${r.task_id}/nodes/${r.id}/approval/`,
      headers: { Authorization: `JWT ${tokens.get(r.username)}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ action: 'approve' }),
    });
    const bareTx = (r: AwaitingNode): LoadRequest => ({
      method: 'POST',
      path: `/bare-approval/${r.task_id}/${r.id}/${r.user_id}`,
      headers: {},
    });
    const writes: WriteFigures[] = [];
    for (const connections of WRITE_CONNECTIONS) {
      console.log(`${backend}: approvals and the bare transaction, ${connections} connections…`);
      const run = async (
        base: string,
        pools: ReturnType<typeof nodePool>,
        toRequest: (r: AwaitingNode) => LoadRequest,
      ) => {
        const calibration = await load({
          url: base,
          connections,
          duration: CALIBRATION_S,
          requests: (await pools.take(CALIBRATION_POOL)).map(toRequest),
          once: true,
        });
        const size = Math.max(
          MIN_POOL,
          Math.ceil(calibration.rps * DURATION_S * POOL_HEADROOM) + connections,
        );
        const pool = await pools.take(size);
        const figures = await load({
          url: base,
          connections,
          duration: DURATION_S,
          requests: pool.map(toRequest),
          once: true,
        });
        return { figures, pool: pool.length };
      };
      const real = await run(app.base, approvalNodes, approval);
      const bareRun = await run(bare.base, bareNodes, bareTx);
      writes.push({
        connections,
        approve: real.figures,
        approvePool: real.pool,
        bareTx: bareRun.figures,
        bareTxPool: bareRun.pool,
      });
    }
    return {
      backend,
      seedSeconds,
      approver,
      awaiting,
      listBytes: body.length,
      list,
      bare: bareFigures,
      writes,
      load: [loadAtStart, loadavg()[0]!],
    };
  } finally {
    if (bare) await close(bare.server);
    await close(app.server);
    await changes.close();
  }
}

async function onPglite(): Promise<BackendFigures> {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-bench-'));
  const handle = await openPglite(dir);
  try {
    return await measure('PGlite', handle);
  } finally {
    await handle.close();
    await rm(dir, { recursive: true, force: true });
  }
}

async function onPostgres(): Promise<BackendFigures> {
  const server = await ensurePostgres();
  const name = `portal_bench_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  try {
    await admin(`create database ${name}`);
    const url = new URL(server.url);
    url.pathname = `/${name}`;
    const handle = openPostgres(url.toString());
    try {
      return await measure('PostgreSQL', handle);
    } finally {
      await handle.close();
      await admin(`drop database if exists ${name} with (force)`);
    }
  } finally {
    await server.stop();
  }
}

// ── report ───────────────────────────────────────────────────────────────────────────────────────

const ms = (n: number | null) => (n === null || !Number.isFinite(n) ? '—' : `${n.toFixed(1)} ms`);
const rps = (n: number) => Math.round(n).toLocaleString('en-US');

/** The approvals at the crowd's connection count: what the p95 target is judged on. */
const crowd = (f: BackendFigures) => f.writes.find((w) => w.connections === CONNECTIONS)!;

/** Every measured run, labelled. */
function runs(f: BackendFigures): [string, LoadFigures][] {
  return [
    ['approval list, page 1', f.list],
    ['bare Express, same bytes', f.bare],
    ...f.writes.flatMap((w): [string, LoadFigures][] => [
      [`approve, ${w.connections} conn.`, w.approve],
      [`bare transaction, ${w.connections} conn.`, w.bareTx],
    ]),
  ];
}

function verdicts(f: BackendFigures) {
  return {
    listP95: f.list.p95 <= TARGET.listP95,
    listShare: f.list.rps >= TARGET.listShareOfBare * f.bare.rps,
    approvalP95: crowd(f).approve.p95 <= TARGET.approvalP95,
    clean: runs(f).every(([, x]) => x.non2xx + x.errors === 0),
    poolsLasted: f.writes.every((w) => !w.approve.exhausted && !w.bareTx.exhausted),
  };
}

function table(results: readonly BackendFigures[]): string {
  const lines = [
    '| backend    | endpoint                      |  req/s |      p50 |      p95 |      p99 | requests | non-2xx |',
    '| ---------- | ----------------------------- | -----: | -------: | -------: | -------: | -------: | ------: |',
  ];
  for (const f of results)
    for (const [label, x] of runs(f))
      lines.push(
        `| ${f.backend.padEnd(10)} | ${label.padEnd(29)} | ${rps(x.rps).padStart(6)} | ${ms(x.p50).padStart(8)} | ${ms(x.p95).padStart(8)} | ${ms(x.p99).padStart(8)} | ${String(x.requests).padStart(8)} | ${String(x.non2xx + x.errors).padStart(7)} |`,
      );
  return lines.join('\n');
}

const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(0)} %`;

/** Approvals as a share of the bare transaction's throughput, per connection count. */
function shares(results: readonly BackendFigures[]): string {
  const lines = [
    '| backend    | connections | approvals/s | bare transactions/s | approvals as a share | nodes in the pools (approve / bare) |',
    '| ---------- | ----------: | ----------: | ------------------: | -------------------: | ----------------------------------: |',
  ];
  for (const f of results)
    for (const w of f.writes)
      lines.push(
        `| ${f.backend.padEnd(10)} | ${String(w.connections).padStart(11)} | ${rps(w.approve.rps).padStart(11)} | ${rps(w.bareTx.rps).padStart(19)} | ${percent(w.approve.rps, w.bareTx.rps).padStart(20)} | ${`${w.approvePool} / ${w.bareTxPool}`.padStart(35)} |`,
      );
  return lines.join('\n');
}

/** What the failed requests were: HTTP statuses other than 2xx, and timeouts or socket errors. */
function failures(f: BackendFigures): string {
  const parts: string[] = [];
  for (const [label, x] of runs(f)) {
    const bad = Object.entries(x.statuses).filter(([status]) => !status.startsWith('2'));
    for (const [status, n] of bad) parts.push(`${label} ${status}: ${n}`);
    if (x.errors > 0) parts.push(`${label} timeouts/errors: ${x.errors}`);
    if (x.exhausted) parts.push(`${label}: its pool ran out`);
  }
  return parts.join(', ');
}

function summary(f: BackendFigures): string {
  const v = verdicts(f);
  const share = ((100 * f.list.rps) / f.bare.rps).toFixed(0);
  return (
    `${f.backend}: list p95 ${ms(f.list.p95)} (≤ ${TARGET.listP95}: ${v.listP95 ? 'met' : 'NOT MET'}), ` +
    `${share} % of the bare endpoint's req/s (≥ 50 %: ${v.listShare ? 'met' : 'NOT MET'}), ` +
    `approval p95 ${ms(crowd(f).approve.p95)} (≤ ${TARGET.approvalP95}: ${v.approvalP95 ? 'met' : 'NOT MET'})` +
    (v.clean && v.poolsLasted ? '' : ` — some requests failed (${failures(f)})`)
  );
}

const SECTION = '## Approval list and approvals (`approvals`)';

async function record(results: readonly BackendFigures[]): Promise<void> {
  const date = new Date().toISOString().slice(0, 10);
  const section = [
    SECTION,
    '',
    `${EMPLOYEES.toLocaleString('en-US')} employees in 102 organisations, ${TASKS.toLocaleString('en-US')} tasks of 資材購入申請 (課長 → 部長, 経理 observes; \`seed:large\`, ` +
      'node instances and their approvers, written with bulk SQL), once on PGlite and once on PostgreSQL. autocannon, ' +
      `${CONNECTIONS} connections for ${DURATION_S} s on 127.0.0.1 in its own process, against the real app (\`createApp\`): ` +
      'the approval list (page 1) of the approver with most nodes awaiting them, a bare Express endpoint answering ' +
      'the same bytes; then, at 100 and at 10 connections, approvals (each of a different node awaiting one of the ' +
      `${APPROVERS} busiest approvers) and, on the same database pool, a bare SQL transaction doing an approval’s ` +
      'writes and nothing else (`tests/bench/bare-approval.ts`): the limit approvals can approach. Each run’s pool of ' +
      `nodes is sized from a ${CALIBRATION_S}-s calibration run (${POOL_HEADROOM}× its rate, at least ${MIN_POOL.toLocaleString('en-US')}), so no run answers 409 ` +
      'for lack of nodes. Targets: list p95 ≤ 20 ms and at least half the bare endpoint’s requests/s; approval p95 ' +
      `≤ 50 ms at ${CONNECTIONS} connections.`,
    '',
    `Measured ${date} (written by the benchmark):`,
    '',
    table(results),
    '',
    'Approvals as a share of the bare transaction:',
    '',
    shares(results),
    '',
    ...results.map(
      (f) =>
        `- ${summary(f)}. Seeded in ${f.seedSeconds.toFixed(0)} s; the list is ${f.awaiting} nodes awaiting ` +
        `\`${f.approver}\`, page 1 is ${f.listBytes.toLocaleString('en-US')} bytes; load average ` +
        `${f.load[0].toFixed(1)} when measuring began, ${f.load[1].toFixed(1)} when it ended (2 cores).`,
    ),
    '',
  ].join('\n');
  await recordSection(section);
}

async function main() {
  const only = process.env.BENCH_BACKEND;
  const results: BackendFigures[] = [];
  if (only !== 'postgres') results.push(await onPglite());
  if (only !== 'pglite') results.push(await onPostgres());
  console.log(`\nApproval list and approvals (${CONNECTIONS} connections, ${DURATION_S} s each)\n`);
  console.log(table(results));
  console.log();
  console.log(shares(results));
  console.log();
  for (const f of results) console.log(summary(f));
  await record(results);
  console.log('\nRecorded in docs/benchmarks.md.');
  if (!results.every((f) => Object.values(verdicts(f)).every(Boolean))) process.exitCode = 1;
}

await main();
