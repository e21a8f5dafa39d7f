// The real entry point (api/src/index.ts) as a process of its own, on 127.0.0.1 only. `node --import
// tsx` keeps it one process, so its pid is the one that holds the data folder's lock and a SIGKILL
// hits it alone.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ROOT, freePort } from '../../support/server.ts';

export interface PortalProcess {
  readonly child: ChildProcess;
  readonly port: number;
  readonly base: string;
  /** Everything written to stderr so far. */
  stderr(): string;
  /** Resolves to the exit code. */
  readonly exited: Promise<number | null>;
}

/** Runs a TypeScript entry point of the repository with `env` added. */
export function runScript(script: string, env: Record<string, string>, args: string[] = []) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, script), ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, stdout: () => out, stderr: () => err };
}

export async function startPortal(env: Record<string, string>, port?: number): Promise<PortalProcess> {
  const p = port ?? (await freePort());
  const run = runScript('api/src/index.ts', { PORT: String(p), HOST: '127.0.0.1', ...env });
  return { child: run.child, port: p, base: `http://127.0.0.1:${p}`, stderr: run.stderr, exited: run.exited };
}

export async function waitHealthy(portal: PortalProcess): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    if (portal.child.exitCode !== null) {
      throw new Error(`the server exited with ${portal.child.exitCode}: ${portal.stderr()}`);
    }
    const ok = await fetch(`${portal.base}/api/health/`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not become healthy within 120 s');
}

export async function stopPortal(portal: PortalProcess | undefined, signal: NodeJS.Signals = 'SIGTERM') {
  if (!portal || portal.child.exitCode !== null || portal.child.signalCode !== null) return;
  portal.child.kill(signal);
  await portal.exited;
}

export async function call<T>(
  base: string,
  method: string,
  url: string,
  body?: unknown,
  access?: string,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(access ? { authorization: `JWT ${access}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

export async function signIn(base: string, username: string): Promise<string> {
  const res = await call<{ access: string }>(base, 'POST', '/api/token-auth/', {
    username,
    password: 'demo1234',
  });
  if (res.status !== 200) throw new Error(`sign-in as ${username}: ${res.status}`);
  return res.body.access;
}
