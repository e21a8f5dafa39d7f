// Readiness and liveness (issue 39), with real parts: an unreachable PostgreSQL, a real backup folder
// read with a fixed clock, a failed restore drill; the stop order (readiness 503 first, then running
// requests finish, then the queues, then the database); the page a browser gets while the API starts.
// Redis, the outbox and the bot's heartbeat are in tests/bot/readiness.test.ts (a private redis-server).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TReadiness } from '@portal/shared/contracts/health';
import { createApp } from '../src/app.ts';
import { openPostgres } from '../src/db/client.ts';
import { createLogger } from '../src/logger.ts';
import { checkReadiness } from '../src/modules/health/readiness.ts';
import { archiveName } from '../src/ops/backup/backup-files.ts';
import { writeLastVerify } from '../src/ops/backup/verify-archive.ts';
import { stopInOrder, type StopPhase } from '../src/shutdown.ts';
import { STARTING_PAGE, startingListener } from '../src/starting-page.ts';
import { createTestContext, type TestContext } from './support/test-context.ts';
import { writeTestArchive } from './support/test-archive.ts';

let t: TestContext;
let backups: string;
const TAKEN = new Date('2026-11-20T01:00:00Z');
const HOUR = 3600_000;

beforeAll(async () => {
  t = await createTestContext();
  backups = await mkdtemp(path.join(os.tmpdir(), 'portal-readiness-'));
  await writeTestArchive(backups, archiveName('auto', TAKEN), TAKEN);
});

afterAll(async () => {
  await rm(backups, { recursive: true, force: true });
  await t.close();
});

const stateOf = (answer: TReadiness, name: string) => answer.checks.find((c) => c.name === name)?.state;

/** The app with readiness looking at the backup folder, at `now`. */
const appAt = (now: Date) =>
  createApp({
    config: t.config,
    db: t.db,
    logger: createLogger('silent'),
    readiness: { backupDir: backups, now: () => now },
  });

describe('readiness', () => {
  it('is 200 with every check ok or off when everything is up, one entry per check', async () => {
    const res = await request(appAt(new Date(TAKEN.getTime() + 2 * HOUR))).get('/api/health/ready/');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answer = res.body as TReadiness;
    expect(answer.status).toBe('ok');
    expect(answer.failing).toEqual([]);
    expect(answer.checks.map((c) => c.name)).toEqual([
      'shutdown',
      'database',
      'migrations',
      'redis',
      'outbox',
      'bot',
      'backup',
      'backupVerification',
    ]);
    expect(stateOf(answer, 'database')).toBe('ok');
    expect(stateOf(answer, 'migrations')).toBe('ok');
    expect(stateOf(answer, 'redis')).toBe('off');
    expect(answer.checks.find((c) => c.name === 'backup')).toMatchObject({ figure: 7200, unit: 's' });
  });

  it('is 503 naming the backup when the last automatic backup is older than 26 h (fixed clock); liveness stays 200', async () => {
    const app = appAt(new Date(TAKEN.getTime() + 27 * HOUR));
    const res = await request(app).get('/api/health/ready/');
    expect(res.status).toBe(503);
    expect((res.body as TReadiness).failing).toEqual(['backup']);
    expect((await request(app).get('/api/health/')).status).toBe(200);
  });

  it('is 503 naming the verification when the last restore drill failed; liveness stays 200', async () => {
    await writeLastVerify(backups, {
      at: new Date(TAKEN.getTime() + HOUR).toISOString(),
      ok: false,
      archive: archiveName('auto', TAKEN),
      problem: 'users: 3 rows restored, the manifest says 4',
    });
    try {
      const app = appAt(new Date(TAKEN.getTime() + 2 * HOUR));
      const res = await request(app).get('/api/health/ready/');
      expect(res.status).toBe(503);
      const answer = res.body as TReadiness;
      expect(answer.failing).toEqual(['backupVerification']);
      expect(answer.checks.find((c) => c.name === 'backupVerification')?.detail).toContain('users: 3 rows');
      expect((await request(app).get('/api/health/')).status).toBe(200);
    } finally {
      await writeLastVerify(backups, {
        at: new Date(TAKEN.getTime() + HOUR).toISOString(),
        ok: true,
        archive: archiveName('auto', TAKEN),
        problem: null,
      });
    }
  });

  it('is 503 naming the database when PostgreSQL is unreachable; liveness stays 200', async () => {
    // A port nothing listens on: the connection is refused.
    const unreachable = openPostgres('postgres://portal@127.0.0.1:1/portal');
    try {
      const app = createApp({ config: t.config, db: unreachable.db, logger: createLogger('silent') });
      const res = await request(app).get('/api/health/ready/');
      expect(res.status).toBe(503);
      const answer = res.body as TReadiness;
      expect(answer.failing).toContain('database');
      expect(answer.checks.find((c) => c.name === 'database')?.detail).toBeTruthy();
      expect((await request(app).get('/api/health/')).status).toBe(200);
    } finally {
      await unreachable.close();
    }
  });

  it('is 503 naming the migrations when the database is not at the code head', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'portal-migrations-'));
    try {
      const { cp, readFile, writeFile } = await import('node:fs/promises');
      const { MIGRATIONS_FOLDER } = await import('../src/db/client.ts');
      await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
      const journalFile = path.join(folder, 'meta/_journal.json');
      const journal = JSON.parse(await readFile(journalFile, 'utf8')) as {
        entries: { idx: number; tag: string; when: number; version: string; breakpoints: boolean }[];
      };
      const last = journal.entries.at(-1)!;
      journal.entries.push({ ...last, idx: last.idx + 1, tag: '9999_ahead', when: last.when + 1 });
      await writeFile(journalFile, JSON.stringify(journal));
      await writeFile(path.join(folder, '9999_ahead.sql'), 'select 1;');
      const answer = await checkReadiness({
        db: t.db,
        queuePrefix: 'x',
        outboxMaxAgeSeconds: 60,
        botHeartbeatMaxAgeSeconds: 30,
        migrationsFolder: folder,
      });
      expect(answer.failing).toEqual(['migrations']);
      expect(answer.checks.find((c) => c.name === 'migrations')).toMatchObject({ figure: 1 });
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});

describe('a stop (SIGTERM)', () => {
  it('turns readiness 503 first, lets the running request finish, then closes the queues, then the database', async () => {
    let stopping = false;
    const app = createApp({
      config: t.config,
      db: t.db,
      logger: createLogger('silent'),
      readiness: { stopping: () => stopping },
    });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const server = http.createServer((req, res) => {
      if (req.url === '/slow') void held.then(() => res.end('finished'));
      else app(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const get = async (route: string) => {
      const res = await fetch(`${base}${route}`, { headers: { connection: 'close' } });
      return { status: res.status, body: await res.text() };
    };
    expect((await get('/api/health/ready/')).status).toBe(200);
    const slow = fetch(`${base}/slow`, { headers: { connection: 'close' } }).then((res) => res.text());
    await new Promise((resolve) => setTimeout(resolve, 50));

    const phases: string[] = [];
    const stopped = stopInOrder(
      {
        server,
        graceMs: 10_000,
        notReadyMs: 300,
        logger: createLogger('silent'),
        notReady: () => (stopping = true),
        stopBackgroundWork: async () => void phases.push('background work stopped'),
        closeQueues: async () => void phases.push('queues closed'),
        closeDatabase: async () => void phases.push('database closed'),
      },
      (phase: StopPhase) => phases.push(phase),
    );
    // Before connections are refused (SHUTDOWN_DELAY), readiness says 503 naming the shutdown.
    const ready = await get('/api/health/ready/');
    expect(ready.status).toBe(503);
    expect((JSON.parse(ready.body) as TReadiness).failing).toEqual(['shutdown']);
    expect(phases).toEqual(['not-ready']);
    await new Promise((resolve) => setTimeout(resolve, 400));
    // Then no new connection is taken, while the running request is still going.
    expect(phases).toEqual(['not-ready', 'not-accepting']);
    await expect(fetch(`${base}/api/health/`)).rejects.toThrow();
    release();
    expect(await slow).toBe('finished');
    await stopped;
    expect(phases).toEqual([
      'not-ready',
      'not-accepting',
      'drained',
      'background work stopped',
      'background-stopped',
      'queues closed',
      'queues-closed',
      'database closed',
      'database-closed',
    ]);
  });
});

describe('while the API starts', () => {
  const listen = async () => {
    const server = http.createServer(startingListener);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  };

  it('a browser asking for a page gets a small Japanese page that retries by itself', async () => {
    const { server, base } = await listen();
    try {
      const res = await fetch(`${base}/task/tasks/approval`, {
        headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
      });
      expect(res.status).toBe(503);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('retry-after')).toBe('2');
      const html = await res.text();
      expect(html).toBe(STARTING_PAGE);
      expect(html).toContain('起動中です');
      expect(html).toContain('<html lang="ja">');
      expect(html).toMatch(/<meta http-equiv="refresh" content="\d+">/);
    } finally {
      server.close();
    }
  });

  it('the API and monitors get JSON', async () => {
    const { server, base } = await listen();
    try {
      const res = await fetch(`${base}/api/health/ready/`, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(503);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(((await res.json()) as { detail: string }).detail).toContain('起動中です');
    } finally {
      server.close();
    }
  });
});
