#!/usr/bin/env node
// `npm test`: every test of the project, in one run.
// 1. Makes sure the services are there (Chromium, Japanese fonts, redis-server, PostgreSQL), installing
//    Debian packages when it can and saying exactly what to install when it cannot.
// 2. Builds the web (when its sources changed), then runs two lanes at once, each suite of a lane after
//    the one before: Playwright against the built app, then the bot's integration tests and the smoke
//    tests; beside them the vitest suites per workspace (the API's migration and auth tests a second
//    time on a real PostgreSQL). Much of a browser test is waiting (network idle, animations), which
//    the other lane fills: on two cores the lanes take about the longer one's time instead of the sum
//    (docs/testing.md). Playwright prints as it goes; a vitest suite's output is printed whole when it
//    ends.
// 3. Prints each suite's count and time, then one closing line `N passed, N failed`, and exits
//    non-zero when anything failed.
// `npm test -- api web` runs only the named suites.
import { spawn } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_PATH, ensurePackages, ensurePostgres, ensureRedis, freePort } from './lib/services.mjs';
import { digestPlaywright, digestVitest } from './lib/report-digest.mjs';
import { ensureWebBuilt } from './lib/web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = {
  vitest: path.join(root, 'node_modules/vitest/vitest.mjs'),
  playwright: path.join(root, 'node_modules/@playwright/test/cli.js'),
};
const reports = mkdtempSync(path.join(os.tmpdir(), 'portal-test-reports-'));

/**
 * Runs a node script. With `logFile` its output goes there and is printed whole when it ends, so two
 * lanes never interleave their lines; without, it prints as it goes.
 */
function run(name, args, { cwd = root, env = {}, logFile } = {}) {
  return new Promise((resolve) => {
    const header = `\n▶ ${name}`;
    if (!logFile) console.log(header);
    const child = spawn(process.execPath, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: logFile ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    const log = logFile ? createWriteStream(logFile) : null;
    if (log) {
      child.stdout.pipe(log, { end: false });
      child.stderr.pipe(log, { end: false });
    }
    child.on('close', (code, signal) => {
      const status = code ?? (signal ? 1 : 0);
      if (!log) return resolve(status);
      log.end(() => {
        process.stdout.write(`${header}\n${readFileSync(logFile, 'utf8')}`);
        resolve(status);
      });
    });
  });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** A vitest suite: its counts come from vitest's JSON report. */
function vitestSuite(name, cwd, extraArgs = [], env = {}) {
  return {
    name,
    async run(ctx) {
      const out = path.join(reports, `${name}.json`);
      const code = await run(
        `vitest: ${name}`,
        [
          bin.vitest,
          'run',
          '--reporter=default',
          '--reporter=json',
          `--outputFile.json=${out}`,
          ...extraArgs,
        ],
        {
          cwd: path.join(root, cwd),
          env: { ...ctx.env, ...env(ctx) },
          logFile: path.join(reports, `${name}.log`),
        },
      );
      const report = readJson(out);
      if (!report) return { passed: 0, failed: 1, note: `no report (exit ${code})` };
      const failedFiles = code !== 0 && report.numFailedTests === 0 ? 1 : 0;
      return {
        passed: report.numPassedTests,
        failed: report.numFailedTests + failedFiles,
        ...digestVitest(report, path.join(root, cwd)),
      };
    },
  };
}

const e2eSuite = {
  name: 'e2e',
  lane: 'browser',
  async run(ctx) {
    if (!ctx.webBuilt) return { passed: 0, failed: 1, note: 'web build failed' };
    const out = path.join(reports, 'e2e.json');
    const ports = [await freePort(), await freePort(), await freePort()].join(',');
    const code = await run(
      'playwright: e2e',
      [bin.playwright, 'test', '--config', path.join(root, 'tests/playwright.config.ts')],
      { env: { ...ctx.env, PLAYWRIGHT_JSON_OUTPUT_NAME: out, E2E_PORTS: ports } },
    );
    const report = readJson(out);
    if (!report) return { passed: 0, failed: 1, note: `no report (exit ${code})` };
    const { expected = 0, unexpected = 0, flaky = 0 } = report.stats ?? {};
    return {
      passed: expected + flaky,
      failed: unexpected + (code !== 0 && unexpected === 0 ? 1 : 0),
      ...digestPlaywright(report),
    };
  },
};

const suites = [
  vitestSuite('shared', 'shared', [], () => ({})),
  vitestSuite('web', 'web', [], () => ({})),
  vitestSuite('api', 'api', [], () => ({})),
  vitestSuite('api-postgres', 'api', ['--config', 'vitest.pg.config.ts'], (ctx) => ({
    PORTAL_TEST_PG_URL: ctx.pgUrl,
  })),
  vitestSuite('bot', 'bot', [], () => ({})),
  e2eSuite,
  // API + relay + Redis + bot + fake Lark; each file starts its own redis-server (killed and
  // restarted by the crash test), with a per-run key prefix (PORTAL_TEST_RUN_ID).
  // The lanes are balanced by their times (the summary's): these two follow the browser tests.
  {
    ...vitestSuite('bot-integration', 'tests', ['--config', 'vitest.bot.config.ts'], () => ({})),
    lane: 'browser',
  },
  { ...vitestSuite('smoke', 'tests', [], (ctx) => ({ PORTAL_TEST_PG_URL: ctx.pgUrl })), lane: 'browser' },
];

async function main() {
  const wanted = process.argv.slice(2);
  const selected = wanted.length ? suites.filter((s) => wanted.some((w) => s.name.startsWith(w))) : suites;
  if (selected.length === 0)
    throw new Error(`No suite named ${wanted.join(', ')}: ${suites.map((s) => s.name)}`);

  const postgres = await ensurePostgresWithPackages();
  const redis = await ensureRedis();
  const ctx = {
    pgUrl: postgres.url,
    env: {
      CHROMIUM_PATH,
      REDIS_URL_FOR_TESTS: redis.url,
      PORTAL_TEST_RUN_ID: `t${process.pid}${Date.now().toString(36)}`,
    },
  };
  // Built before the lanes start: the smoke tests' `npm start` then finds it current instead of
  // building it under the running browser tests.
  if (selected.includes(e2eSuite)) {
    console.log('\n▶ web build (when its sources changed)');
    ctx.webBuilt = ensureWebBuilt(root);
  }
  const results = [];
  const runLane = async (lane) => {
    for (const suite of lane) {
      const started = Date.now();
      const result = await suite.run(ctx);
      results.push({ name: suite.name, seconds: (Date.now() - started) / 1000, ...result });
    }
  };
  try {
    await Promise.all([
      runLane(selected.filter((s) => s.lane === 'browser')),
      runLane(selected.filter((s) => s.lane !== 'browser')),
    ]);
  } finally {
    const leftovers = stopRedisLeftovers(ctx.env.PORTAL_TEST_RUN_ID);
    if (leftovers) console.log(`\nStopped ${leftovers} private redis-server(s) a test left running`);
    await redis.stop();
    await postgres.stop();
    rmSync(reports, { recursive: true, force: true });
  }

  const slowest = results
    .flatMap((r) => (r.files ?? []).map((f) => ({ ...f, name: `${r.name}: ${f.name}` })))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 10);
  if (slowest.length) console.log('\nSlowest files');
  for (const f of slowest) console.log(`  ${String(Math.round(f.seconds)).padStart(5)} s  ${f.name}`);
  const failures = results.flatMap((r) => (r.failures ?? []).map((f) => ({ ...f, suite: r.name })));
  if (failures.length) console.log('\nFailed');
  for (const f of failures) console.log(`  ${f.suite}: ${f.name}\n      ${f.error}`);

  console.log('\nSummary');
  for (const r of selected.map((s) => results.find((x) => x.name === s.name)).filter(Boolean))
    console.log(
      `  ${r.name.padEnd(16)} ${r.passed} passed, ${r.failed} failed, ${Math.round(r.seconds)} s${r.note ? ` (${r.note})` : ''}`,
    );
  const passed = results.reduce((n, r) => n + r.passed, 0);
  const failed = results.reduce((n, r) => n + r.failed, 0);
  console.log(`${passed} passed, ${failed} failed`);
  process.exitCode = failed > 0 || passed === 0 ? 1 : 0;
}

/**
 * A test file's private redis-server (tests/support/redis-server.ts) runs in a folder named for the
 * run; one whose worker was killed before it could stop it would outlive the run. Linux's /proc tells
 * each process's folder. Returns how many were stopped.
 */
function stopRedisLeftovers(runId) {
  const prefix = `portal-redis-${runId}-`;
  let stopped = 0;
  const pids = existsSync('/proc') ? readdirSync('/proc').filter((name) => /^\d+$/.test(name)) : [];
  for (const pid of pids) {
    try {
      if (!path.basename(readlinkSync(`/proc/${pid}/cwd`)).startsWith(prefix)) continue;
      process.kill(Number(pid), 'SIGKILL');
      stopped++;
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  for (const name of readdirSync(os.tmpdir()).filter((n) => n.startsWith(prefix)))
    rmSync(path.join(os.tmpdir(), name), { recursive: true, force: true });
  return stopped;
}

async function ensurePostgresWithPackages() {
  // PostgreSQL's binaries are needed only when no server answers already.
  const probe = await ensurePostgres().catch(() => null);
  await ensurePackages({ needPostgresBinaries: probe === null });
  return probe ?? ensurePostgres();
}

main().catch((err) => {
  console.error(`\n${err.message}`);
  console.log('0 passed, 1 failed');
  process.exitCode = 1;
});
