// Reads of rarely written tables (workflow definitions, the calendar, the organisation, contracts)
// kept in memory, each until one of its tables is written (change-feed.ts), so the month-end surge's
// submissions do not read them again one by one (issue 38). Only through the handle's own `db`: a
// transaction (another object) or a handle without a change feed reads the database. What is kept
// is frozen, so a caller that would change a shared answer fails at once instead of corrupting it.
import type { Db } from '../db/client.ts';
import type { ChangeFeed } from './change-feed.ts';
import { versionedCache, type VersionedCache } from './versioned-cache.ts';

const feeds = new WeakMap<Db, ChangeFeed>();

/** Lets the table caches keep what is read through `db` while `feed` is open; returns the undo. */
export function cacheReadsThrough(db: Db, feed: ChangeFeed): () => void {
  feeds.set(db, feed);
  return () => {
    if (feeds.get(db) === feed) feeds.delete(db);
  };
}

/** Buffers and typed arrays are left as they are: freezing one with elements throws. */
function deepFreeze<V>(value: V): V {
  if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value) && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

export interface TableCache<V> {
  /** `load`'s answer for `key`, from memory while none of the cache's tables has changed since. */
  read(db: Db, key: string, load: () => Promise<V>): Promise<V>;
}

/** `tables`: every table `load` reads; `maxEntries`: how many keys to keep per handle. */
export function tableCache<V>(tables: readonly string[], maxEntries: number): TableCache<V> {
  const byFeed = new WeakMap<ChangeFeed, VersionedCache<V>>();
  return {
    async read(db, key, load) {
      const feed = feeds.get(db);
      if (!feed) return deepFreeze(await load());
      let cache = byFeed.get(feed);
      if (!cache) byFeed.set(feed, (cache = versionedCache<V>(feed, maxEntries, tables)));
      return cache.remember(key, async () => deepFreeze(await load()));
    },
  };
}
