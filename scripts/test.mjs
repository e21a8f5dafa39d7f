#!/usr/bin/env node
// `npm test`: every test of the project, in one run.
// 1. Makes sure the services are there (Chromium, Japanese fonts, redis-server, PostgreSQL), installing
//    Debian packages when it can and saying exactly what to install when it cannot.
// 2. Runs each suite: vitest per workspace (the API's migration and auth tests a second time on a real
//    PostgreSQL), the bot's integration tests, builds the web, then Playwright against the built app.
// 3. Prints one closing line `N passed, N failed` and exits non-zero when anything failed.
// `npm test -- api web` runs only the named suites.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_PATH, ensurePackages, ensurePostgres, ensureRedis, freePort } from './lib/services.mjs';
import { ensureWebBuilt } from './lib/web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = {
  vitest: path.join(root, 'node_modules/vitest/vitest.mjs'),
  playwright: path.join(root, 'node_modules/@playwright/test/cli.js'),
};
const reports = mkdtempSync(path.join(os.tmpdir(), 'portal-test-reports-'));

function run(name, args, { cwd = root, env = {} } = {}) {
  return new Promise((resolve) => {
    console.log(`\n▶ ${name}`);
    const child = spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
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
        { cwd: path.join(root, cwd), env: { ...ctx.env, ...env(ctx) } },
      );
      const report = readJson(out);
      if (!report) return { passed: 0, failed: 1, note: `no report (exit ${code})` };
      const failedFiles = code !== 0 && report.numFailedTests === 0 ? 1 : 0;
      return { passed: report.numPassedTests, failed: report.numFailedTests + failedFiles };
    },
  };
}

const e2eSuite = {
  name: 'e2e',
  async run(ctx) {
    console.log('\n▶ web build (when its sources changed)');
    if (!ensureWebBuilt(root)) return { passed: 0, failed: 1, note: 'web build failed' };
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
    return { passed: expected + flaky, failed: unexpected + (code !== 0 && unexpected === 0 ? 1 : 0) };
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
  // API + relay + Redis + bot + fake Lark; each file starts its own redis-server (killed and
  // restarted by the crash test), with a per-run key prefix (PORTAL_TEST_RUN_ID).
  vitestSuite('bot-integration', 'tests', ['--config', 'vitest.bot.config.ts'], () => ({})),
  vitestSuite('smoke', 'tests', [], (ctx) => ({ PORTAL_TEST_PG_URL: ctx.pgUrl })),
  e2eSuite,
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
  const results = [];
  try {
    for (const suite of selected) results.push({ name: suite.name, ...(await suite.run(ctx)) });
  } finally {
    await redis.stop();
    await postgres.stop();
    rmSync(reports, { recursive: true, force: true });
  }

  console.log('\nSummary');
  for (const r of results)
    console.log(
      `  ${r.name.padEnd(14)} ${r.passed} passed, ${r.failed} failed${r.note ? ` (${r.note})` : ''}`,
    );
  const passed = results.reduce((n, r) => n + r.passed, 0);
  const failed = results.reduce((n, r) => n + r.failed, 0);
  console.log(`${passed} passed, ${failed} failed`);
  process.exitCode = failed > 0 || passed === 0 ? 1 : 0;
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
