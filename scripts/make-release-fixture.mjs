#!/usr/bin/env node
// Makes the upgrade fixture of an earlier release (issue 39): what that release wrote, for the
// upgrade test (api/test/release-upgrade.test.ts) to open with the current code.
//
//   node scripts/make-release-fixture.mjs <tag or commit> [--archive] [--name NAME] [--port 3211]
//        [--checkout DIR]   (a checkout of that commit already installed with npm ci: used as it is)
//
// The release is checked out with `git worktree add` into a temporary folder, installed there with
// `npm ci`, and its API started against an empty data folder, where its demo seed runs; once it
// answers /api/health/ it is stopped with SIGTERM (its clean stop) and the data folder is packed, as it
// is on disk, into tests/fixtures/releases/<name>/data.tar.gz. With --archive the release's own
// `npm run backup` then writes backup.tar.gz from that folder (a release without that command cannot
// make one: the script says so and stops). release.json records what made them.
import { spawn, spawnSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    archive: { type: 'boolean', default: false },
    name: { type: 'string' },
    port: { type: 'string', default: '3211' },
    checkout: { type: 'string' },
  },
});
if (positionals.length !== 1) {
  console.error('usage: node scripts/make-release-fixture.mjs <tag or commit> [--archive] [--name NAME]');
  process.exit(2);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status})`);
}

function git(...args) {
  const result = spawnSync('git', args, { cwd: REPO, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
}

const commit = git('rev-parse', '--verify', `${positionals[0]}^{commit}`);
const name = values.name ?? positionals[0].replace(/[^\w.-]/g, '_');
const out = path.join(REPO, 'tests/fixtures/releases', name);
const work = await mkdtemp(path.join(os.tmpdir(), 'portal-release-'));
const tree = values.checkout ? path.resolve(values.checkout) : path.join(work, 'src');
const dataDir = path.join(work, 'data');
const env = {
  ...process.env,
  PORTAL_DATA_DIR: dataDir,
  PORT: values.port,
  HOST: '127.0.0.1',
  SEED_DEMO: 'auto',
  LOG_LEVEL: 'warn',
  DATABASE_URL: '',
  REDIS_URL: '',
};

async function waitForHealth(child) {
  const url = `http://127.0.0.1:${values.port}/api/health/`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the release's server exited (${child.exitCode})`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} never answered`);
}

try {
  if (values.checkout) {
    const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: tree, encoding: 'utf8' }).stdout.trim();
    if (head !== commit) throw new Error(`${tree} is at ${head}, not ${commit}`);
  } else {
    git('worktree', 'add', '--detach', tree, commit);
    run('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: tree });
  }

  // The API alone (the web build is not needed to write data), through tsx's loader so that the
  // SIGTERM reaches the server itself and it stops cleanly (its shutdown checkpoint).
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/index.ts'], {
    cwd: path.join(tree, 'api'),
    env,
    stdio: 'inherit',
  });
  try {
    await waitForHealth(server);
  } finally {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    if (server.exitCode === null) server.kill('SIGTERM');
    await exited;
  }
  if (server.exitCode !== 0) console.warn(`the server exited with ${server.exitCode}`);

  await rm(out, { recursive: true, force: true });
  await mkdir(out, { recursive: true });
  // The database folder as the release left it; its backups and temporary folders stay out.
  run('tar', [
    '-czf',
    path.join(out, 'data.tar.gz'),
    '-C',
    dataDir,
    '--exclude=./backups',
    '--exclude=./tmp',
    '.',
  ]);

  let archive = null;
  if (values.archive) {
    const cli = path.join(tree, 'api/src/ops/backup-cli.ts');
    const hasBackup = spawnSync('test', ['-f', cli]).status === 0;
    if (!hasBackup) throw new Error(`${positionals[0]} has no backup command (api/src/ops/backup-cli.ts)`);
    const copy = path.join(work, 'for-backup');
    await cp(dataDir, copy, { recursive: true });
    run(process.execPath, ['--import', 'tsx', cli, '--out', path.join(out, 'backup.tar.gz')], {
      cwd: tree,
      env: { ...env, PORTAL_DATA_DIR: copy },
    });
    await rm(path.join(out, 'backup.tar.gz.sha256'), { force: true });
    archive = 'backup.tar.gz';
  }
  const pkg = JSON.parse(await readFile(path.join(tree, 'package.json'), 'utf8'));
  const lock = JSON.parse(await readFile(path.join(tree, 'package-lock.json'), 'utf8'));
  await writeFile(
    path.join(out, 'release.json'),
    `${JSON.stringify(
      {
        commit,
        ref: positionals[0],
        productVersion: pkg.version,
        pglite: lock.packages['node_modules/@electric-sql/pglite']?.version ?? null,
        node: process.version,
        madeAt: new Date().toISOString(),
        dataFolder: 'data.tar.gz',
        archive,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`Fixture of ${positionals[0]} (${commit.slice(0, 7)}) written to ${path.relative(REPO, out)}`);
} finally {
  if (!values.checkout) spawnSync('git', ['worktree', 'remove', '--force', tree], { cwd: REPO });
  await rm(work, { recursive: true, force: true });
}
