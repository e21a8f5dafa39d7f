import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/server.ts';
import { startPortal, stopPortal, waitHealthy, type PortalProcess } from './support/portal-process.ts';

// Issue 21, items 2 and 3, with the real entry point on PostgreSQL: replicas starting together on an
// empty database all come up (migrations under an advisory lock), and a database that knows a
// migration this code does not, or whose applied migration was edited, is refused by name.
const adminUrl = process.env.PORTAL_TEST_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const name = `portal_smoke_${randomBytes(6).toString('hex')}`;
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const env = {
  DATABASE_URL: url.toString(),
  JWT_SECRET: randomBytes(32).toString('hex'),
  PORTAL_DATA_DIR: path.join(ROOT, 'data-smoke-unused'),
};
const journal = JSON.parse(readFileSync(path.join(ROOT, 'api/drizzle/meta/_journal.json'), 'utf8')) as {
  entries: { tag: string; when: number }[];
};
const started: PortalProcess[] = [];

async function admin<T>(database: string, text: string, values: unknown[] = []): Promise<T[]> {
  const u = new URL(adminUrl);
  u.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: u.toString() });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

async function refusedStart(): Promise<string> {
  const portal = await startPortal(env);
  started.push(portal);
  expect(await portal.exited).toBe(1);
  return portal.stderr();
}

beforeAll(async () => {
  await admin('postgres', `create database ${name}`);
});
afterAll(async () => {
  for (const portal of started) await stopPortal(portal, 'SIGKILL');
  await admin('postgres', `drop database if exists ${name} with (force)`);
});

describe('API processes on one PostgreSQL database', () => {
  it('three started at once on an empty database all become healthy; each migration is applied once', async () => {
    const replicas = await Promise.all([startPortal(env), startPortal(env), startPortal(env)]);
    started.push(...replicas);
    await Promise.all(replicas.map((r) => waitHealthy(r)));
    const applied = await admin<{ created_at: string }>(
      name,
      'select created_at from drizzle.__drizzle_migrations order by id',
    );
    expect(applied.map((r) => Number(r.created_at))).toEqual(journal.entries.map((e) => e.when));
    await Promise.all(replicas.map((r) => stopPortal(r)));
  });

  it('refuses to start on a database with a migration unknown to this code, naming it', async () => {
    const when = Date.UTC(2030, 0, 2, 3, 4, 5);
    await admin(
      name,
      `insert into drizzle.__drizzle_migrations (hash, created_at) values ('feedface0123456789', $1)`,
      [when],
    );
    const stderr = await refusedStart();
    expect(stderr).toContain(
      'migration of 2030-01-02T03:04:05.000Z (sha256 feedface0123…) is applied but unknown to this code',
    );
    await admin(name, 'delete from drizzle.__drizzle_migrations where created_at = $1', [when]);
  });

  it('refuses to start when an applied migration differs from its committed file, naming it', async () => {
    const edited = journal.entries[3]!;
    await admin(name, `update drizzle.__drizzle_migrations set hash = 'edited' where created_at = $1`, [
      edited.when,
    ]);
    const stderr = await refusedStart();
    expect(stderr).toContain(
      `${edited.tag} was applied with different contents than api/drizzle/${edited.tag}.sql has now`,
    );
  });
});
