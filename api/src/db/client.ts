// One database handle for the whole process: PostgreSQL through node-postgres when DATABASE_URL is
// set, otherwise PGlite (PostgreSQL compiled to WASM) in the data folder. Both speak the same SQL and
// run the same committed migrations; the rest of the code only sees the common drizzle type `Db`.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';
import { pgliteForDrizzle } from './pglite-parsers.ts';
import { watchPglite, watchPool, WriteWatcher, type WriteWatch } from './write-watch.ts';

/** A drizzle database or transaction; repositories accept either. */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface DatabaseHandle {
  readonly db: Db;
  readonly kind: 'pglite' | 'postgres';
  /** PGlite kept in a folder: that folder (a backup copies it, ops/backup/pglite-snapshot.ts). */
  readonly dataDir?: string;
  /** Applies the committed SQL migrations in api/drizzle/ that have not run yet. */
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other process migrates this database (on PostgreSQL an advisory lock held by
   * a connection of its own; PGlite has one process by the data folder's lock).
   */
  withMigrationLock<T>(work: (session: MigrationSession) => Promise<T>): Promise<T>;
  /** LISTEN on `channel` (change-feed.ts). Resolves to the call that stops listening. */
  listen(channel: string, events: ListenEvents): Promise<() => Promise<void>>;
  /**
   * Tells the listeners of `channel`: a NOTIFY in a transaction of its own on PostgreSQL; on PGlite,
   * whose listeners are all in this process, a direct call.
   */
  notify(channel: string, payload: string): Promise<void>;
  /** Tells `watch` of each write through `db` as it starts and ends (write-watch.ts), until the returned call. */
  watchWrites(watch: WriteWatch): () => void;
  close(): Promise<void>;
  /** PostgreSQL's connection pool, for the metrics; absent for PGlite. */
  readonly pool?: PoolFigures;
}

/** What node-postgres' Pool tells of its connections. */
export interface PoolFigures {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}

export interface MigrationSession {
  readonly db: Db;
  /** Applies the migrations of `folder` (default: the committed ones) that have not run yet. */
  migrate(folder?: string): Promise<void>;
}

export interface ListenEvents {
  /** A NOTIFY on the channel, delivered once its transaction committed. */
  notify(payload: string): void;
  /** Listening (again): notifications from now on arrive; ones sent while it was down are lost. */
  ready(): void;
  /** The listening connection is gone; a new one is being opened. */
  lost(error: Error): void;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

const pgliteListeners = new WeakMap<PGlite, Map<string, Set<(payload: string) => void>>>();

/** Every handle's listeners on one PGlite instance (a test opens two handles on one). */
function listenersOf(client: PGlite): Map<string, Set<(payload: string) => void>> {
  let listeners = pgliteListeners.get(client);
  if (!listeners) pgliteListeners.set(client, (listeners = new Map()));
  return listeners;
}

/**
 * Wraps an open PGlite; the handle owns it and closes it. Timestamps, dates and intervals then read
 * as text on the instance as through drizzle (pglite-parsers.ts).
 */
export function pgliteHandle(client: PGlite, dataDir?: string): DatabaseHandle {
  const writes = new WriteWatcher();
  const db = drizzlePglite({ client: watchPglite(pgliteForDrizzle(client), writes), casing: 'snake_case' });
  // Every listener is in this process: a notice from the handle is handed to them directly, without a
  // statement (one less for each write request, issue 38). The tables' triggers still NOTIFY.
  const listeners = listenersOf(client);
  const session: MigrationSession = {
    db,
    migrate: (folder = MIGRATIONS_FOLDER) => migratePglite(db, { migrationsFolder: folder }),
  };
  return {
    db,
    kind: 'pglite',
    ...(dataDir ? { dataDir } : {}),
    migrate: () => session.migrate(),
    withMigrationLock: (work) => work(session),
    // One process owns the database, so its listener never drops: notifications are delivered as
    // the committing statement returns.
    async listen(channel, events) {
      const notify = (payload: string) => events.notify(payload);
      const stop = await client.listen(channel, notify);
      const local = listeners.get(channel) ?? new Set();
      listeners.set(channel, local.add(notify));
      events.ready();
      return async () => {
        local.delete(notify);
        await stop();
      };
    },
    notify: async (channel, payload) => {
      for (const notify of listeners.get(channel) ?? []) notify(payload);
    },
    watchWrites: (watch) => writes.add(watch),
    close: () => client.close(),
  };
}

/**
 * A buffer pool for a database read once through and closed (a backup's copy, a verify's scratch
 * restore): PGlite's default 128 MB pool would fill with pages read once and stay resident in the
 * process (issue 33: RSS growth over a 1 GB archive's backup and restore).
 */
export const ONE_PASS_BUFFERS = '16MB';

/**
 * PGlite persisted in `dataDir` (created when missing); the caller holds the data folder's lock.
 * `sharedBuffers`: PostgreSQL's shared_buffers for this instance (PGlite's default otherwise).
 */
export async function openPglite(
  dataDir: string,
  { sharedBuffers }: { sharedBuffers?: string } = {},
): Promise<DatabaseHandle> {
  await mkdir(dataDir, { recursive: true });
  const startParams = sharedBuffers
    ? [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`]
    : undefined;
  return pgliteHandle(await PGlite.create(dataDir, startParams ? { startParams } : {}), dataDir);
}

/** openPglite under the lock of its data folder (the parent of `pglite/`), released on close. */
async function openLockedPglite(pgliteDir: string): Promise<DatabaseHandle> {
  const lock = await lockDataDir(path.dirname(pgliteDir));
  try {
    const handle = await openPglite(pgliteDir);
    return {
      ...handle,
      close: async () => {
        await handle.close();
        await lock.release();
      },
    };
  } catch (error) {
    await lock.release();
    throw error;
  }
}

/** Any session works: PostgreSQL advisory lock keys are per database. */
const MIGRATION_LOCK_KEY = 2_112_021;

/** `onIdleError`: a pooled connection dropped by the server must be logged, not crash the process. */
export function openPostgres(connectionString: string, onIdleError?: (error: Error) => void): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max: 10 });
  pool.on('error', (error) => onIdleError?.(error));
  const writes = new WriteWatcher();
  const db = drizzlePg({ client: watchPool(pool, writes), casing: 'snake_case' });
  const withMigrationLock: DatabaseHandle['withMigrationLock'] = async (work) => {
    // Replicas starting together: one migrates, the others wait here and then find nothing to do.
    const client = new pg.Client({ connectionString });
    await client.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      const locked = drizzlePg({ client, casing: 'snake_case' });
      return await work({
        db: locked,
        migrate: (folder = MIGRATIONS_FOLDER) => migratePg(locked, { migrationsFolder: folder }),
      });
    } finally {
      // Ending the session releases the lock.
      await client.end();
    }
  };
  return {
    db,
    kind: 'postgres',
    migrate: () => withMigrationLock((session) => session.migrate()),
    withMigrationLock,
    listen: (channel, events) => listenOnPostgres(connectionString, channel, events),
    // Without waiting for the disk: a notification a crash loses is harmless, since the crash drops
    // every listener too and each then treats everything as changed.
    notify: async (channel, payload) => {
      await pool.query(`select set_config('synchronous_commit', 'off', true), pg_notify($1, $2)`, [
        channel,
        payload,
      ]);
    },
    watchWrites: (watch) => writes.add(watch),
    close: () => pool.end(),
    pool,
  };
}

const RELISTEN_DELAYS_MS = [100, 500, 1000, 5000];

/**
 * A connection of its own (a pooled one would be handed to queries), opened again whenever it drops,
 * with a growing delay, until the returned call stops it.
 */
async function listenOnPostgres(
  connectionString: string,
  channel: string,
  events: ListenEvents,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    client = next;
    next.on('notification', (message) => {
      if (message.channel === channel) events.notify(message.payload ?? '');
    });
    next.on('error', (error) => dropped(next, error));
    next.on('end', () => dropped(next, new Error('the listening connection ended')));
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    failures = 0;
    events.ready();
  };

  const dropped = (which: pg.Client, error: Error): void => {
    if (stopped || which !== client) return;
    client = null;
    which.removeAllListeners('end');
    which.end().catch(() => undefined);
    events.lost(error);
    const delay = RELISTEN_DELAYS_MS[Math.min(failures, RELISTEN_DELAYS_MS.length - 1)]!;
    failures += 1;
    retry = setTimeout(() => void attempt(), delay);
    retry.unref();
  };

  const attempt = (): Promise<void> =>
    connect().catch((e: unknown) => {
      if (client) dropped(client, e instanceof Error ? e : new Error(String(e)));
    });

  // A server that is down at start-up is retried like one that drops later.
  await attempt();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const last = client;
    client = null;
    await last?.end().catch(() => undefined);
  };
}

/** For one-off commands (seed): PGlite is opened under its data folder's lock. */
export function openDatabase(options: {
  databaseUrl: string | undefined;
  pgliteDir: string;
  onIdleError?: (error: Error) => void;
}): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? Promise.resolve(openPostgres(options.databaseUrl, options.onIdleError))
    : openLockedPglite(options.pgliteDir);
}
