#!/usr/bin/env node
// `npm start`: the portal in one process. Builds the web and compiles the API only when their sources
// changed since the last build (lib/web-build.mjs, lib/api-build.mjs), runs the compiled server with
// plain `node`, and once that server says it is ready prints where to open it and how to sign in.
//
// Stopping (issue 33, finding 4): SIGINT, SIGTERM and SIGHUP are passed to the server, which finishes
// running requests, closes the database and releases the data folder. The server runs in a process
// group of its own, so a Ctrl+C reaches it once (through here), not twice; a second Ctrl+C makes it stop
// without waiting for requests, a third at once. It is joined to this process by an IPC channel: if this
// process dies, however, the server stops. And when npm ran this and npm is gone (`kill` of the npm
// process sends nothing on to us), it is told to stop too.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_ENTRY, ensureApiBuilt } from './lib/api-build.mjs';
import { ensureWebBuilt } from './lib/web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (!ensureWebBuilt(root) || !(await ensureApiBuilt(root))) process.exit(1);

const server = spawn(process.execPath, ['--enable-source-maps', path.join(root, API_ENTRY)], {
  cwd: path.join(root, 'api'),
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  detached: true,
});
let signalled = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    signalled = true;
    server.kill(signal);
  });
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

/** The pid of our parent's parent (npm, when npm runs us through `sh -c`), where /proc tells. */
function grandparent() {
  try {
    return Number(readFileSync(`/proc/${process.ppid}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
  } catch {
    return null;
  }
}
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};
// npm forwards SIGTERM only to its `sh -c`, which dies without passing it on, and forwards no SIGHUP:
// watch the process that started us (and npm above it) instead.
const parent = process.ppid;
const npm = process.env.npm_lifecycle_event ? grandparent() : null;
const watch = setInterval(() => {
  const orphaned = process.ppid !== parent || (npm !== null && npm > 1 && !alive(npm));
  if (!orphaned) return;
  clearInterval(watch);
  if (!signalled) {
    signalled = true;
    server.kill('SIGTERM');
  }
}, 500);
watch.unref();

// The banner, once our own server (not whatever else answers on the port) reports ready.
server.on('message', (message) => {
  if (message?.type !== 'ready') return;
  const address = `http://localhost:${message.port}`;
  const demo = !process.env.DATABASE_URL && process.env.SEED_DEMO !== 'never';
  console.log(
    [
      '',
      `  社員ポータル  ${address}`,
      `  サインイン    ${address}/login-native`,
      ...(demo
        ? ['  デモアカウント admin, hr, yamada, suzuki, sato, takahashi, ito, kato (パスワード demo1234)']
        : []),
      '  停止          Ctrl+C',
      '',
    ].join('\n'),
  );
});
