// The approval list and approvals under load (issue #3, acceptance 6): 2,000 employees and 200,000
// tasks, written with bulk SQL, once on a fresh PGlite and once on a fresh PostgreSQL database. For
// each, the real app (createApp) listens on 127.0.0.1 and autocannon (100 connections, in its own
// process: load-client.ts) measures GET task/tasks/?filter=approval&page=1 for the busiest approver,
// a bare Express endpoint answering the same bytes, then approvals, each request approving another
// awaiting node. Targets: list p95 ≤ 20 ms and ≥ half the bare endpoint's requests/s; approval
// p95 ≤ 50 ms. Figures go to docs/benchmarks.md.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import express from 'express';
import pg from 'pg';
import * as prettier from 'prettier';
import { createApp } from '../../api/src/app.ts';
import { openPglite, openPostgres, type DatabaseHandle, type Db } from '../../api/src/db/client.ts';
import { prepareDatabase } from '../../api/src/db/prepare.ts';
import { organizations } from '../../api/src/db/schema/organizations.ts';
import { nodes, workflowFields, workflows } from '../../api/src/db/schema/workflows.ts';
import { createLogger } from '../../api/src/logger.ts';
import { testConfig } from '../../api/test/support/test-config.ts';
import { ensurePostgres } from '../../scripts/lib/services.mjs';
import { ROOT, freePort } from '../support/server.ts';
import type { LoadFigures, LoadRequest, LoadSettings } from './load-client.ts';

const EMPLOYEES = 2_000;
const TASKS = 200_000;
const CONNECTIONS = 100;
const DURATION_S = 10;
/** Approvals measured per backend: each approves a different awaiting node. */
const APPROVALS = 4_000;
const PASSWORD = 'bench1234';
const TARGET = { listP95: 20, listShareOfBare: 0.5, approvalP95: 50 };

const logger = createLogger('silent');
const config = testConfig({
  logLevel: 'silent',
  loginRateLimit: { perIp: 100_000, perUsername: 1000, windowSeconds: 900 },
});

// ── data ─────────────────────────────────────────────────────────────────────────────────────────

const LAST_NAMES = [
  '佐藤',
  '鈴木',
  '高橋',
  '田中',
  '伊藤',
  '渡辺',
  '山本',
  '中村',
  '小林',
  '加藤',
  '吉田',
  '山田',
  '佐々木',
  '山口',
  '松本',
  '井上',
  '木村',
  '林',
  '斎藤',
  '清水',
];
const FIRST_NAMES = [
  '翔太',
  '美咲',
  '大輔',
  '陽子',
  '健一',
  '由美',
  '誠',
  '恵',
  '拓也',
  '直子',
  '亮',
  '明美',
  '浩二',
  '真理',
  '裕太',
  '智子',
  '剛',
  '愛',
  '和也',
  '舞',
];
const pgArray = (values: readonly (string | number)[]) =>
  sql.raw(`array[${values.map((v) => (typeof v === 'number' ? String(v) : `'${v}'`)).join(',')}]`);

/** 2 本部 × 2 事業部 × 4 部 × 5 課 = 102 organisations; returns their ids, parents first, and the 課. */
async function insertOrganisations(db: Db) {
  const all: number[] = [];
  const insertLevel = async (
    parents: (number | null)[],
    per: number,
    level: '16' | '14' | '12' | '10',
    word: string,
  ) => {
    const rows = parents.flatMap((parentId, p) =>
      Array.from({ length: per }, (_, k) => ({ name: `第${p * per + k + 1}${word}`, parentId, level })),
    );
    const ids = (await db.insert(organizations).values(rows).returning({ id: organizations.id })).map(
      (r) => r.id,
    );
    all.push(...ids);
    return ids;
  };
  const honbu = await insertLevel([null], 2, '16', '本部');
  const jigyobu = await insertLevel(honbu, 2, '14', '事業部');
  const bu = await insertLevel(jigyobu, 4, '12', '部');
  const ka = await insertLevel(bu, 5, '10', '課');
  return { all, ka };
}

/** Three workflows: 稟議 (課長 → 部長), 経費 (課長), 出張 (課長 → 部長, 部長 observes). */
async function insertWorkflows(db: Db) {
  const defs = [
    {
      name: '一般稟議',
      nodes: [
        ['01', '課長承認', 1, '02', null],
        ['02', '部長承認', 2, '01', null],
      ],
    },
    { name: '経費精算', nodes: [['01', '課長承認', 1, '02', null]] },
    {
      name: '出張申請',
      nodes: [
        ['01', '課長承認', 1, '02', null],
        ['02', '部長承認', 2, '01', null],
        ['95', '部長参照', 1, null, '12'],
      ],
    },
  ] as const;
  for (const def of defs) {
    const [wf] = await db.insert(workflows).values({ name: def.name }).returning({ id: workflows.id });
    await db.insert(workflowFields).values([
      { workflowId: wf!.id, name: 'title', label: '件名', order: 1, isRequired: true, maxLength: 100 },
      { workflowId: wf!.id, name: 'amount', label: '金額（円）', dataType: 'integer', order: 2 },
    ]);
    await db.insert(nodes).values(
      def.nodes.map(([code, name, order, nodeDispatch, observerDispatch]) => ({
        workflowId: wf!.id,
        code,
        name,
        order,
        nodeDispatch,
        selfDispatch: '02' as const,
        observerDispatch,
      })),
    );
  }
}

async function seed(handle: DatabaseHandle): Promise<void> {
  const passwordHash = await hash(PASSWORD, { memoryCost: 1024, timeCost: 1 });
  await handle.db.transaction(async (tx) => {
    const { all, ka } = await insertOrganisations(tx);
    await insertWorkflows(tx);
    // Employees 1–102 head the organisations in order; the others are spread over the 課.
    await tx.execute(sql`
      with u as (
        insert into users (username, full_name, email, password_hash)
        select 'bench' || lpad(i::text, 4, '0'), '', 'bench' || i || '@example.jp', ${passwordHash}
        from generate_series(1, ${EMPLOYEES}) i
        returning id, username)
      insert into employees (user_id, code, last_name, first_name, gender, join_date, email)
      select u.id, 'B' || substr(u.username, 6),
        (${pgArray(LAST_NAMES)})[1 + substr(u.username, 6)::int % 20],
        (${pgArray(FIRST_NAMES)})[1 + (substr(u.username, 6)::int * 7) % 20],
        (1 + substr(u.username, 6)::int % 2)::text, date '2010-04-01' + (substr(u.username, 6)::int % 4000),
        u.username || '@example.jp'
      from u`);
    await tx.execute(sql`
      insert into positions (employee_id, organization_id, title)
      select e.id,
        case when n <= ${all.length} then (${pgArray(all)})[n] else (${pgArray(ka)})[1 + (n - ${all.length + 1}) % ${ka.length}] end,
        ''
      from (select id, substr(code, 2)::int as n from employees where code like 'B%') e`);
    await tx.execute(sql`
      update organizations o set head_employee_id = e.id
      from employees e where e.code = 'B' || lpad((array_position(${pgArray(all)}, o.id))::text, 4, '0')`);
    // Every non-head employee of a 課 applies; their 課長 and 部長 approve.
    await tx.execute(sql`
      create temp table bench_applicants on commit drop as
      select row_number() over (order by e.id) as n, e.user_id, e.id as employee_id, o.id as org_id,
        he.user_id as head_user_id, phe.user_id as parent_head_user_id
      from employees e
      join positions p on p.employee_id = e.id
      join organizations o on o.id = p.organization_id and o.level = '10'
      join employees he on he.id = o.head_employee_id
      join organizations po on po.id = o.parent_id
      join employees phe on phe.id = po.head_employee_id
      where e.id <> o.head_employee_id and e.code like 'B%'`);
    // Three years of requests, eight minutes apart. The last 12,000 (about 66 days) are mostly still
    // in progress; older ones are mostly finished.
    await tx.execute(sql`
      insert into tasks (workflow_id, applicant_id, employee_id, organization_id, status, values, created_at, updated_at, finished_at)
      select w.id, a.user_id, a.employee_id, a.org_id, s.status,
        jsonb_build_object('title', '案件 ' || g.i, 'amount', (g.i * 37) % 500000),
        s.at, s.at + interval '1 hour', case when s.status in ('10', '90', '99') then s.at + interval '1 day' end
      from generate_series(1, ${TASKS}) g(i)
      join bench_applicants a on a.n = 1 + (g.i::bigint * 7919) % (select count(*) from bench_applicants)
      join (select id, row_number() over (order by id) - 1 as k from workflows) w on w.k = g.i % 3
      cross join lateral (select
        now() - (${TASKS} - g.i) * interval '8 minutes' as at,
        case when g.i > ${TASKS - 12_000} then
          case when (g.i::bigint * 104729) % 1000 < 600 then '01' when (g.i::bigint * 104729) % 1000 < 650 then '02'
               when (g.i::bigint * 104729) % 1000 < 700 then '10' when (g.i::bigint * 104729) % 1000 < 730 then '99' else '90' end
        else
          case when (g.i::bigint * 104729) % 1000 < 5 then '01' when (g.i::bigint * 104729) % 1000 < 15 then '02'
               when (g.i::bigint * 104729) % 1000 < 75 then '10' when (g.i::bigint * 104729) % 1000 < 135 then '99' else '90' end
        end as status) s`);
    // Node instances: those before the task's stage approved, the stage's one awaiting / sent back /
    // rejected as the task is, later ones not reached; observers keep 00.
    await tx.execute(sql`
      insert into task_nodes (task_id, node_id, code, name, "order", is_observer, status, reached_at, acted_by_id, acted_at)
      select x.task_id, x.node_id, x.code, x.name, x.ord, x.code = '95', x.st,
        case when x.st in ('01', '90', '02', '10') then x.at + (x.ord - 1) * interval '2 hours' end,
        case when x.st in ('90', '02', '10') then x.approver end,
        case when x.st in ('90', '02', '10') then x.at + x.ord * interval '2 hours' end
      from (
        select t.id as task_id, n.id as node_id, n.code, n.name, n."order" as ord, t.created_at as at,
          case when n.node_dispatch = '02' then a.head_user_id else a.parent_head_user_id end as approver,
          case when n.code = '95' then '00'
               when t.status = '90' then '90'
               when n."order" < 1 + t.id % m.last then '90'
               when n."order" > 1 + t.id % m.last then '00'
               when t.status in ('01', '02', '10') then t.status
               else '00' end as st
        from tasks t
        join nodes n on n.workflow_id = t.workflow_id
        join (select workflow_id, max("order") filter (where code <> '95') as last from nodes group by workflow_id) m
          on m.workflow_id = t.workflow_id
        join bench_applicants a on a.user_id = t.applicant_id) x`);
    await tx.execute(sql`
      insert into task_node_approvers (task_node_id, user_id)
      select tn.id, case when n.node_dispatch = '02' then a.head_user_id else a.parent_head_user_id end
      from task_nodes tn
      join nodes n on n.id = tn.node_id
      join tasks t on t.id = tn.task_id
      join bench_applicants a on a.user_id = t.applicant_id`);
    await tx.execute(sql`
      insert into task_events (task_id, user_id, action, created_at)
      select id, applicant_id, 'submit', created_at from tasks`);
    // Some members stand in for their 課長, part of them today.
    await tx.execute(sql`
      insert into approval_proxies (principal_id, proxy_id, start_date, end_date)
      select head_user_id, min(user_id), current_date - (org_id % 2) * 30, current_date + 7 - (org_id % 2) * 30
      from bench_applicants where org_id % 3 = 0 group by head_user_id, org_id`);
  });
  await handle.db.execute(sql`analyze`);
}

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

interface BackendFigures {
  readonly backend: string;
  readonly seedSeconds: number;
  readonly approver: string;
  readonly awaiting: number;
  readonly listBytes: number;
  readonly list: LoadFigures;
  readonly bare: LoadFigures;
  readonly approve: LoadFigures;
}

const LIST_PATH = '/api/task/tasks/?filter=approval&page=1';

async function measure(backend: string, handle: DatabaseHandle): Promise<BackendFigures> {
  const started = performance.now();
  console.log(`${backend}: migrating and writing ${TASKS.toLocaleString('en-US')} tasks…`);
  await prepareDatabase(handle, { seedDemo: 'never', logger });
  await seed(handle);
  const seedSeconds = (performance.now() - started) / 1000;
  const db = handle.db;

  // The busiest approver: most approver nodes awaiting them.
  const busiest = (await db.execute(sql`
    select u.username, count(*)::int as n from task_nodes tn
    join task_node_approvers a on a.task_node_id = tn.id join users u on u.id = a.user_id
    where tn.status = '01' and not tn.is_observer group by u.username order by n desc, u.username limit 1`)) as unknown as {
    rows: { username: string; n: number }[];
  };
  const { username: approver, n: awaiting } = busiest.rows[0]!;

  const app = await listen(createApp({ config, db, logger }));
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

    // Approvals: awaiting nodes in a fixed shuffled order, each by one of its approvers.
    const awaitingNodes = (await db.execute(sql`
      select tn.task_id, tn.id, u.username from task_nodes tn
      join task_node_approvers a on a.task_node_id = tn.id join users u on u.id = a.user_id
      where tn.status = '01' and not tn.is_observer order by md5(tn.id::text) limit ${APPROVALS}`)) as unknown as {
      rows: { task_id: number; id: number; username: string }[];
    };
    console.log(`${backend}: approvals…`);
    const tokens = new Map<string, string>();
    for (const { username } of awaitingNodes.rows)
      if (!tokens.has(username)) tokens.set(username, await signIn(app.base, username));
    const approvals: LoadRequest[] = awaitingNodes.rows.map((r) => ({
      method: 'POST',
      path: `/api/task/tasks/${r.task_id}/nodes/${r.id}/approval/`,
      headers: { Authorization: `JWT ${tokens.get(r.username)}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ action: 'approve' }),
    }));
    const approve = await load({
      url: app.base,
      connections: CONNECTIONS,
      duration: DURATION_S,
      requests: approvals,
    });
    return {
      backend,
      seedSeconds,
      approver,
      awaiting,
      listBytes: body.length,
      list,
      bare: bareFigures,
      approve,
    };
  } finally {
    if (bare) await close(bare.server);
    await close(app.server);
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

function verdicts(f: BackendFigures) {
  return {
    listP95: f.list.p95 <= TARGET.listP95,
    listShare: f.list.rps >= TARGET.listShareOfBare * f.bare.rps,
    approvalP95: f.approve.p95 <= TARGET.approvalP95,
    clean: f.list.non2xx + f.list.errors + f.approve.non2xx + f.approve.errors === 0,
  };
}

function table(results: readonly BackendFigures[]): string {
  const lines = [
    '| backend    | endpoint                   |  req/s |      p50 |      p95 |      p99 | requests | non-2xx |',
    '| ---------- | -------------------------- | -----: | -------: | -------: | -------: | -------: | ------: |',
  ];
  for (const f of results)
    for (const [label, x] of [
      ['approval list, page 1', f.list],
      ['bare Express, same bytes', f.bare],
      ['approve (distinct nodes)', f.approve],
    ] as const)
      lines.push(
        `| ${f.backend.padEnd(10)} | ${label.padEnd(26)} | ${rps(x.rps).padStart(6)} | ${ms(x.p50).padStart(8)} | ${ms(x.p95).padStart(8)} | ${ms(x.p99).padStart(8)} | ${String(x.requests).padStart(8)} | ${String(x.non2xx + x.errors).padStart(7)} |`,
      );
  return lines.join('\n');
}

function summary(f: BackendFigures): string {
  const v = verdicts(f);
  const share = ((100 * f.list.rps) / f.bare.rps).toFixed(0);
  return (
    `${f.backend}: list p95 ${ms(f.list.p95)} (≤ ${TARGET.listP95}: ${v.listP95 ? 'met' : 'NOT MET'}), ` +
    `${share} % of the bare endpoint's req/s (≥ 50 %: ${v.listShare ? 'met' : 'NOT MET'}), ` +
    `approval p95 ${ms(f.approve.p95)} (≤ ${TARGET.approvalP95}: ${v.approvalP95 ? 'met' : 'NOT MET'})` +
    (v.clean ? '' : ' — some requests failed')
  );
}

const SECTION = '## Approval list and approvals (`approvals`)';

async function record(results: readonly BackendFigures[]): Promise<void> {
  const file = path.join(ROOT, 'docs/benchmarks.md');
  const text = await readFile(file, 'utf8');
  const date = new Date().toISOString().slice(0, 10);
  const section = [
    SECTION,
    '',
    `${EMPLOYEES.toLocaleString('en-US')} employees in 102 organisations, ${TASKS.toLocaleString('en-US')} tasks (three workflows, ` +
      'node instances and their approvers, written with bulk SQL), once on PGlite and once on PostgreSQL. autocannon, ' +
      `${CONNECTIONS} connections for ${DURATION_S} s on 127.0.0.1 in its own process, against the real app (\`createApp\`): ` +
      'the approval list (page 1) of the approver with most nodes awaiting them, a bare Express endpoint answering ' +
      `the same bytes, then approvals, each of a different awaiting node (${APPROVALS.toLocaleString('en-US')} listed, ` +
      'by about a hundred approvers). Targets: list p95 ≤ 20 ms and at least half the bare endpoint’s ' +
      'requests/s; approval p95 ≤ 50 ms.',
    '',
    `Measured ${date} (written by the benchmark):`,
    '',
    table(results),
    '',
    ...results.map(
      (f) =>
        `- ${summary(f)}. Seeded in ${f.seedSeconds.toFixed(0)} s; the list is ${f.awaiting} nodes awaiting ` +
        `\`${f.approver}\`, page 1 is ${f.listBytes.toLocaleString('en-US')} bytes.`,
    ),
    '',
  ].join('\n');
  const start = text.indexOf(SECTION);
  let next = start < 0 ? -1 : text.indexOf('\n## ', start + SECTION.length);
  if (next >= 0) next += 1;
  const updated =
    start < 0
      ? `${text.trimEnd()}\n\n${section}`
      : `${text.slice(0, start)}${section}${next >= 0 ? `\n${text.slice(next)}` : ''}`;
  await writeFile(
    file,
    await prettier.format(updated, { ...(await prettier.resolveConfig(file)), filepath: file }),
  );
}

async function main() {
  const only = process.env.BENCH_BACKEND;
  const results: BackendFigures[] = [];
  if (only !== 'postgres') results.push(await onPglite());
  if (only !== 'pglite') results.push(await onPostgres());
  console.log(`\nApproval list and approvals (${CONNECTIONS} connections, ${DURATION_S} s each)\n`);
  console.log(table(results));
  console.log();
  for (const f of results) console.log(summary(f));
  await record(results);
  console.log('\nRecorded in docs/benchmarks.md.');
  if (!results.every((f) => Object.values(verdicts(f)).every(Boolean))) process.exitCode = 1;
}

await main();
