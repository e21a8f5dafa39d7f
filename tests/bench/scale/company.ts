// The scale benchmark's company and the processes that serve it: seed:large's company written into a
// scratch database (everyone bound to a Lark identity, ou_<username>, so approvers get cards), the
// API as `npm start` runs it (the compiled api/dist/index.js, plain node, production mode) once per
// replica, and bot worker processes (bot/src/index.ts), all on one Redis and one fake Lark.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pg from 'pg';
import { openDatabase, openPostgres, type DatabaseHandle } from '../../../api/src/db/client.ts';
import { makePrivate } from '../../../api/src/ops/data-dir.ts';
import { seedLarge } from '../../../api/src/seed/large/seed-large.ts';
import { cheapDemoHash } from '../../../api/test/support/test-password.ts';
import { API_ENTRY, ensureApiBuilt } from '../../../scripts/lib/api-build.mjs';
import { LARK_MESSAGE_LIMITS } from '../../support/fakes/fake-lark.ts';
import { ROOT, freePort } from '../../support/server.ts';

/**
 * Lark's limits in this benchmark: 50 a second and 5 a second to one person, but the minute's 1,000
 * lifted, as for a tenant granted more (see the fanout section). The fake and the bots both hold
 * them: bots left at the default 1,000 a minute sent every burst of 1,000 in 20 s, then waited 40.
 */
export const LARK_LIMITS = { ...LARK_MESSAGE_LIMITS, perMinute: 1_000_000_000 } as const;

export const SERVICE_TOKEN = 'scale-bench-service-token-0123456789abcdef';
const JWT_SECRET = 'scale-bench-jwt-secret-shared-by-every-replica-0123456789';

async function seedInto(handle: DatabaseHandle, employees: number): Promise<number> {
  const started = performance.now();
  await handle.migrate();
  // The cheap hash: the surge signs everyone in, and argon2's production cost (~200 ms of a core
  // each) is the sign-in's, measured on its own, not the month-end's.
  await seedLarge(handle.db, { employees, passwordHash: await cheapDemoHash() });
  await handle.db.execute(sql`insert into lark_bindings (user_id, open_id)
    select id, 'ou_' || username from users`);
  return (performance.now() - started) / 1000;
}

export interface ScratchDatabase {
  readonly url: string;
  readonly seedSeconds: number;
  drop(): Promise<void>;
}

/** A fresh PostgreSQL database (on the admin URL's server) holding the company. */
export async function postgresCompany(adminUrl: string, employees: number): Promise<ScratchDatabase> {
  const name = `portal_scale_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString());
  let seedSeconds: number;
  try {
    seedSeconds = await seedInto(handle, employees);
  } finally {
    await handle.close();
  }
  return {
    url: url.toString(),
    seedSeconds,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** A data folder whose embedded database holds the company (the API locks it: one process only). */
export async function embeddedCompany(employees: number): Promise<{ dir: string; seedSeconds: number }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-scale-'));
  // Under the data folder's lock, as `npm run seed:large` writes it: the API then finds it released.
  const handle = await openDatabase({ databaseUrl: undefined, pgliteDir: path.join(dir, 'pglite') });
  try {
    return { dir, seedSeconds: await seedInto(handle, employees) };
  } finally {
    await handle.close();
    await makePrivate(dir);
  }
}

export interface Process {
  readonly child: ChildProcess;
  readonly base: string;
  stop(): Promise<void>;
}

function stopper(child: ChildProcess) {
  return async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(killer);
  };
}

async function answers(url: string, child: ChildProcess, what: string): Promise<void> {
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`${what} exited while starting (${child.exitCode})`);
    const status = await fetch(url).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} did not become ready`);
}

export interface ApiSettings {
  /** PostgreSQL, or the data folder of the embedded database. */
  readonly databaseUrl?: string;
  readonly dataDir?: string;
  readonly redisUrl?: string;
  readonly queuePrefix?: string;
}

/** One API process as `npm start` runs it, ready (its readiness answered 200). */
export async function startApi(settings: ApiSettings): Promise<Process> {
  if (!(await ensureApiBuilt(ROOT))) throw new Error('the API did not build');
  const port = await freePort();
  const dataDir = settings.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'portal-scale-api-')));
  // SCALE_API_ARGS: node options for the API processes when profiling (`--cpu-prof`).
  const nodeArgs = process.env.SCALE_API_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, path.join(ROOT, API_ENTRY)], {
    cwd: path.join(ROOT, 'api'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PORTAL_DATA_DIR: dataDir,
      ...(settings.databaseUrl ? { DATABASE_URL: settings.databaseUrl } : {}),
      ...(settings.redisUrl
        ? {
            REDIS_URL: settings.redisUrl,
            QUEUE_PREFIX: settings.queuePrefix ?? 'scale',
            BOT_SERVICE_TOKEN: SERVICE_TOKEN,
          }
        : {}),
      JWT_SECRET,
      LOG_LEVEL: 'warn',
      BACKUP_AUTO: 'off',
      // One client address sends every request: the sign-in limits are per address and per name.
      LOGIN_RATE_LIMIT_PER_IP: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await answers(`${base}/api/health/`, child, 'the API');
  const stop = stopper(child);
  return {
    child,
    base,
    async stop() {
      await stop();
      if (!settings.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A bot worker process (the real entry point) against one API replica and the fake Lark. */
export async function startBotWorker(settings: {
  apiUrl: string;
  redisUrl: string;
  queuePrefix: string;
  lark: { url: string; appId: string; appSecret: string };
}): Promise<Process> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bot/src/index.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      BOT_PORT: String(port),
      BOT_HOST: '127.0.0.1',
      API_URL: settings.apiUrl,
      PUBLIC_URL: 'https://portal.example.test',
      REDIS_URL: settings.redisUrl,
      QUEUE_PREFIX: settings.queuePrefix,
      BOT_SERVICE_TOKEN: SERVICE_TOKEN,
      LARK_APP_ID: settings.lark.appId,
      LARK_APP_SECRET: settings.lark.appSecret,
      LARK_DOMAIN: settings.lark.url,
      LARK_CALLBACK_MODE: 'http',
      LARK_ENCRYPT_KEY: 'scale-bench-encrypt-key',
      LARK_VERIFICATION_TOKEN: 'scale-bench-verification-token',
      ATTENDANCE_REMINDERS: 'off',
      LARK_RATE_PER_APP: String(LARK_LIMITS.perSecond),
      LARK_RATE_PER_APP_MINUTE: String(LARK_LIMITS.perMinute),
      LARK_RATE_PER_USER: String(LARK_LIMITS.perUser),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await answers(`${base}/health`, child, 'a bot worker');
  return { child, base, stop: stopper(child) };
}

/** Removes every key of a run's queue prefix (the queues' jobs and their bookkeeping). */
export async function dropQueues(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/**
 * BullMQ's keys of jobs to do now: waiting, prioritised or running. Not the delayed: the reminders'
 * job schedulers always hold their next run there.
 */
const PENDING_KEYS = /:(wait|prioritized|active)$/;

/** Jobs to do now in every queue under `prefix` (the bots' events and Lark queues). */
export async function pendingJobs(redisUrl: string, prefix: string): Promise<number> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    let pending = 0;
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = next;
      for (const key of keys.filter((k) => PENDING_KEYS.test(k))) {
        const type = await redis.type(key);
        pending += type === 'list' ? await redis.llen(key) : type === 'zset' ? await redis.zcard(key) : 0;
      }
    } while (cursor !== '0');
    return pending;
  } finally {
    redis.disconnect();
  }
}
