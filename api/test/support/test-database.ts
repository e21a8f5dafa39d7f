// A fresh database for one test file. PGlite by default (loaded from the globalSetup template); a
// real PostgreSQL when PORTAL_TEST_DB=postgres: then a database named portal_test_<random> is created
// on PORTAL_TEST_PG_URL's server, migrated, and dropped again on dispose.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openPostgres, pgliteHandle, type DatabaseHandle } from '../../src/db/client.ts';
import { ensurePermissions } from '../../src/db/reference-data.ts';
import { seedDemo } from '../../src/seed/seed-demo.ts';
import { cheapDemoHash } from './test-password.ts';

export type TestDataset = 'empty' | 'seeded';

export const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

export function testBackend(): 'pglite' | 'postgres' {
  return process.env.PORTAL_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

export interface TestDatabase {
  readonly handle: DatabaseHandle;
  /**
   * Another handle on the same database, as a second API replica opens it (on PGlite, the same
   * instance with a drizzle and a write watcher of its own); closed by the caller.
   */
  replica?(): DatabaseHandle;
  /** Closes the connection; on PostgreSQL also drops the database. */
  dispose(): Promise<void>;
}

/** A migrated PGlite with nothing but the migrations applied: no template, for migration tests. */
export async function freshPglite(): Promise<DatabaseHandle> {
  return pgliteHandle(await PGlite.create());
}

async function pgliteFromTemplate(dataset: TestDataset): Promise<TestDatabase> {
  const tarball = await readFile(inject('pgliteTemplates')[dataset]);
  const client = await PGlite.create({ loadDataDir: new Blob([tarball]) });
  const handle = pgliteHandle(client);
  return {
    handle,
    replica: () => ({ ...pgliteHandle(client), close: () => Promise.resolve() }),
    dispose: () => handle.close(),
  };
}

/** A new, empty database on the test PostgreSQL server; `migrate` is left to the caller. */
export async function createPostgresDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.PORTAL_TEST_PG_URL || DEFAULT_PG_URL;
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString());
  return {
    handle,
    replica: () => openPostgres(url.toString()),
    async dispose() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

async function postgresWith(dataset: TestDataset): Promise<TestDatabase> {
  const database = await createPostgresDatabase();
  try {
    await database.handle.migrate();
    await ensurePermissions(database.handle.db);
    if (dataset === 'seeded') await seedDemo(database.handle.db, { passwordHash: await cheapDemoHash() });
    return database;
  } catch (error) {
    await database.dispose();
    throw error;
  }
}

export function openTestDatabase(dataset: TestDataset): Promise<TestDatabase> {
  return testBackend() === 'postgres' ? postgresWith(dataset) : pgliteFromTemplate(dataset);
}
