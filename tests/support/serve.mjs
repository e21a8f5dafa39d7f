#!/usr/bin/env node
// Starts the real API (serving the built web) for end-to-end tests: 127.0.0.1 only, a fresh embedded
// database in a temporary folder seeded with the demo company, removed again when the server stops.
// Exits by itself when the process that started it goes away.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const port = process.env.E2E_PORT ?? '3100';
const dataDir = mkdtempSync(path.join(os.tmpdir(), `portal-e2e-${port}-`));

// E2E_SSO=1: also start the fake Lark Open API, the fake CAS server and the mail IdP (in this process,
// on free ports) and point the API's sign-in settings at them.
const ssoEnv = process.env.E2E_SSO === '1' ? await startSsoFakes(`http://127.0.0.1:${port}`) : {};

async function startSsoFakes(publicUrl) {
  const { tsImport } = await import('tsx/esm/api');
  const { startSignInFakes } = await tsImport('./fakes/sign-in-fakes.ts', import.meta.url);
  return startSignInFakes(publicUrl);
}

const child = spawn(
  process.execPath,
  [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'api/src/index.ts')],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      ...ssoEnv,
      PORT: port,
      HOST: '127.0.0.1',
      PORTAL_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
  },
);

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  child.once('exit', () => {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(code);
  });
  child.kill('SIGTERM');
  setTimeout(() => child.kill('SIGKILL'), 5000).unref();
}

child.on('exit', (code) => {
  if (!stopping) {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(code ?? 1);
  }
});
process.on('SIGTERM', () => stop());
process.on('SIGINT', () => stop());
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop();
}, 1000).unref();
