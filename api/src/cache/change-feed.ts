// Tells in-process caches when what they hold may have changed, table by table, so a cache of rarely
// written tables (workflows, the calendar) stays good while requests and tasks are written all day.
// Three sources:
// - this process: each write through the database handle marks the tables it changes from before
//   its first statement until it has committed (db/write-watch.ts), so nobody, its caller included,
//   reads a write's past from memory;
// - other API replicas: each announces the tables of its finished writes with a NOTIFY on
//   `portal_change`, outside the writes' transactions and at most one at a time (a NOTIFY inside
//   every write transaction would serialise their commits: PostgreSQL takes a database-wide lock to
//   queue it);
// - anyone else (a script, psql): the tables the caches read NOTIFY their name from statement
//   triggers (migrations 0008 and 0033; an empty payload, from before 0033, is every table). Tasks
//   and their nodes are written only through the API, so they have no trigger.
// A cache's tables are trusted only while the listener is connected and none of them is being
// written here; a cache reads and fills only then (versioned-cache.ts).
import type { DatabaseHandle } from '../db/client.ts';
import type { WrittenTables } from '../db/written-tables.ts';
import type { Logger } from '../logger.ts';
import { cacheReadsThrough } from './table-cache.ts';

export const CHANGE_CHANNEL = 'portal_change';

/** The tables a cache's entries are read from; 'all' for one that reads too many to name. */
export type CacheTables = readonly string[] | 'all';

/** A NOTIFY's payload: the changed tables, comma-separated; this one (or none) for all of them. */
const EVERY_TABLE = '*';
/** PostgreSQL refuses a payload of 8,000 bytes or more. */
const MAX_PAYLOAD = 7_000;

export interface ChangeFeed {
  /** Grows whenever one of `tables` may have changed; an entry is good only for the version it was read at. */
  version(tables: CacheTables): number;
  /** False while their changes could go unseen: the listener is down, or one of them is being written here. */
  trusted(tables: CacheTables): boolean;
  /** Marks a local write of `tables` from now until the returned call (then announced). */
  beginWrite(tables: NonNullable<WrittenTables>): () => void;
  close(): Promise<void>;
}

/** No feed: nothing is ever cached (a database handle without one, some tests). */
export const NO_CHANGE_FEED: ChangeFeed = {
  version: () => 0,
  trusted: () => false,
  beginWrite: () => () => undefined,
  close: () => Promise.resolve(),
};

/** Versions by table; everything's moves with `epoch`, so a table's is `epoch` plus its own count. */
class TableVersions {
  private epoch = 0;
  private everything = 0;
  private readonly counts = new Map<string, number>();
  private readonly writing = new Map<string, number>();
  private writingAll = 0;
  private writingAny = 0;

  changed(tables: NonNullable<WrittenTables>): void {
    if (tables === 'all') {
      this.epoch += 1;
      return;
    }
    this.everything += tables.length;
    for (const table of tables) this.counts.set(table, (this.counts.get(table) ?? 0) + 1);
  }

  version(tables: CacheTables): number {
    if (tables === 'all') return this.epoch + this.everything;
    let version = this.epoch;
    for (const table of tables) version += this.counts.get(table) ?? 0;
    return version;
  }

  startWriting(tables: NonNullable<WrittenTables>, step: 1 | -1): void {
    this.writingAny += step;
    if (tables === 'all') this.writingAll += step;
    else for (const table of tables) this.writing.set(table, (this.writing.get(table) ?? 0) + step);
  }

  beingWritten(tables: CacheTables): boolean {
    if (this.writingAll > 0 || (tables === 'all' && this.writingAny > 0)) return true;
    return tables !== 'all' && tables.some((table) => (this.writing.get(table) ?? 0) > 0);
  }
}

export async function openChangeFeed(handle: DatabaseHandle, logger: Logger): Promise<ChangeFeed> {
  const versions = new TableVersions();
  let listening = false;
  // One announcement in flight; the tables of writes that end meanwhile go in the next one.
  let announcing: Promise<void> | null = null;
  let unannounced = new Set<string>();
  let unannouncedAll = false;
  let closed = false;
  const announce = (): void => {
    if (closed || announcing || (!unannouncedAll && unannounced.size === 0)) return;
    let payload = unannouncedAll ? EVERY_TABLE : [...unannounced].join(',');
    if (payload.length > MAX_PAYLOAD) payload = EVERY_TABLE;
    unannounced = new Set();
    unannouncedAll = false;
    announcing = handle
      .notify(CHANGE_CHANNEL, payload)
      .catch((error: unknown) => logger.warn({ err: error }, 'could not announce a change to other replicas'))
      .finally(() => {
        announcing = null;
        announce();
      });
  };
  const stop = await handle.listen(CHANGE_CHANNEL, {
    notify: (payload) => {
      versions.changed(payload === '' || payload === EVERY_TABLE ? 'all' : payload.split(','));
    },
    ready: () => {
      // Whatever changed while nobody listened is unknown: everything read before is suspect.
      versions.changed('all');
      listening = true;
    },
    lost: (error) => {
      versions.changed('all');
      listening = false;
      logger.warn({ err: error }, 'change feed lost; caches are off until it is back');
    },
  });
  const beginWrite = (tables: NonNullable<WrittenTables>): (() => void) => {
    versions.startWriting(tables, 1);
    versions.changed(tables);
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      versions.startWriting(tables, -1);
      versions.changed(tables);
      if (tables === 'all') unannouncedAll = true;
      else for (const table of tables) unannounced.add(table);
      announce();
    };
  };
  const unwatch = handle.watchWrites(beginWrite);
  const feed: ChangeFeed = {
    version: (tables) => versions.version(tables),
    trusted: (tables) => listening && !versions.beingWritten(tables),
    beginWrite,
    async close() {
      closed = true;
      uncache();
      unwatch();
      await announcing;
      await stop();
    },
  };
  const uncache = cacheReadsThrough(handle.db, feed);
  return feed;
}
