#!/usr/bin/env node
// `npm start`: the portal in one process. Builds the web only when its sources changed since the
// last build (lib/web-build.mjs), starts the API, and once it answers prints where to open it and
// how to sign in. Ctrl+C stops it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWebBuilt } from './lib/web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (!ensureWebBuilt(root)) process.exit(1);

const api = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'src/index.ts'], {
  cwd: path.join(root, 'api'),
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => api.kill(signal));
api.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

// The banner: once the API answers on its port, where to go and who to sign in as.
const port = Number(process.env.PORT ?? 3000);
const address = `http://localhost:${port}`;
for (let i = 0; i < 600 && api.exitCode === null; i++) {
  const healthy = await fetch(`http://127.0.0.1:${port}/api/health/`)
    .then((res) => res.ok)
    .catch(() => false);
  if (healthy) {
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
    break;
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
}
