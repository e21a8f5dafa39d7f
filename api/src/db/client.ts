// One database handle for the whole process: PostgreSQL through node-postgres when DATABASE_URL is
// set, otherwise PGlite (PostgreSQL compiled to WASM) in the data folder. Both speak the same SQL and
// run the same committed migrations; the rest of the code only sees the common drizzle type `Db`.
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';

/** A drizzle database or transaction; repositories accept either. */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface DatabaseHandle {
  readonly db: Db;
  readonly kind: 'pglite' | 'postgres';
  /** Applies the committed SQL migrations in api/drizzle/ that have not run yet. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Wraps an open PGlite; the handle owns it and closes it. */
export function pgliteHandle(client: PGlite): DatabaseHandle {
  const db = drizzlePglite({ client, casing: 'snake_case' });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
  };
}

/** PGlite persisted in `dataDir` (created when missing). */
export async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  await mkdir(dataDir, { recursive: true });
  return pgliteHandle(await PGlite.create(dataDir));
}

/** `onIdleError`: a pooled connection dropped by the server must be logged, not crash the process. */
export function openPostgres(connectionString: string, onIdleError?: (error: Error) => void): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max: 10 });
  pool.on('error', (error) => onIdleError?.(error));
  const db = drizzlePg({ client: pool, casing: 'snake_case' });
  return {
    db,
    kind: 'postgres',
    migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => pool.end(),
  };
}

export function openDatabase(options: {
  databaseUrl: string | undefined;
  pgliteDir: string;
  onIdleError?: (error: Error) => void;
}): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? Promise.resolve(openPostgres(options.databaseUrl, options.onIdleError))
    : openPglite(options.pgliteDir);
}
