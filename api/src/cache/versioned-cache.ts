// A bounded in-process cache whose entries are good for one change-feed version of the tables they
// are read from: a hit is served only while those tables are trusted and have not moved since the
// entry was read, and a value is kept only if they were trusted and still at the same version when
// its load finished (so a load that raced a write is used once and never kept). Oldest entries go
// first once it is full.
import type { CacheTables, ChangeFeed } from './change-feed.ts';

export interface VersionedCache<V> {
  remember(key: string, load: () => Promise<V>): Promise<V>;
  readonly size: number;
}

/** `tables`: every table a load reads, each announced when written (change-feed.ts says how). */
export function versionedCache<V>(
  feed: ChangeFeed,
  maxEntries: number,
  tables: CacheTables,
): VersionedCache<V> {
  const entries = new Map<string, { version: number; value: V }>();
  return {
    async remember(key, load) {
      const version = feed.version(tables);
      const trusted = feed.trusted(tables);
      const hit = entries.get(key);
      if (hit) {
        if (trusted && hit.version === version) return hit.value;
        entries.delete(key);
      }
      const value = await load();
      if (trusted && feed.trusted(tables) && feed.version(tables) === version) {
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
        entries.set(key, { version, value });
      }
      return value;
    },
    get size() {
      return entries.size;
    },
  };
}
