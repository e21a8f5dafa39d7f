// Tells the change feed (cache/change-feed.ts) which tables a write is changing, from before its first
// statement runs until it has committed or rolled back: a statement on its own until it returns, a
// transaction's until its end. Both drivers are watched where drizzle hands them SQL, so every write
// through `handle.db` (a request, a job, a script on the handle) is seen, whoever makes it.
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { joinWritten, writtenTables, type WrittenTables } from './written-tables.ts';

/** Marks `tables` as being written; the returned call says the write is over (committed or not). */
export type WriteWatch = (tables: NonNullable<WrittenTables>) => () => void;

/** Everyone watching one database handle's writes (a change feed each; tests open two). */
export class WriteWatcher {
  private readonly watches = new Set<WriteWatch>();
  private readonly all: WriteWatch = (tables) => {
    const ends = [...this.watches].map((watch) => watch(tables));
    return () => {
      for (const done of ends) done();
    };
  };

  add(watch: WriteWatch): () => void {
    this.watches.add(watch);
    return () => this.watches.delete(watch);
  }

  /** A statement outside a transaction: its tables are marked until it returns. */
  async statement<T>(text: string, run: () => Promise<T>): Promise<T> {
    const written = this.watches.size > 0 ? writtenTables(text) : null;
    if (!written) return run();
    const done = this.all(written);
    try {
      return await run();
    } finally {
      done();
    }
  }

  transaction(): TransactionWrites {
    return new TransactionWrites(this.watches.size > 0 ? this.all : null);
  }
}

/** One transaction's writes: each table marked from its first statement until `end`. */
export class TransactionWrites {
  private written: WrittenTables = null;
  private readonly ends: (() => void)[] = [];

  constructor(private readonly watch: WriteWatch | null) {}

  statement(text: string): void {
    if (!this.watch || this.written === 'all') return;
    const found = writtenTables(text);
    if (!found) return;
    const fresh = found === 'all' ? 'all' : found.filter((table) => !this.written?.includes(table));
    if (fresh.length === 0) return;
    this.written = joinWritten(this.written, fresh);
    this.ends.push(this.watch(fresh));
  }

  end(): void {
    for (const done of this.ends.splice(0)) done();
  }
}

const textOf = (query: unknown): string =>
  typeof query === 'string' ? query : String((query as { text?: unknown } | null)?.text ?? '');

/** Calls on the instance itself: PGlite's and pg's methods use private fields. */
function bound(object: object, property: string | symbol): unknown {
  const value: unknown = Reflect.get(object, property, object);
  return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(object) : value;
}

type Querier = Pick<PGlite, 'query' | 'exec'>;

function watchedTransactionPart<T extends Querier>(target: T, writes: TransactionWrites): T {
  return new Proxy(target, {
    get(object, property) {
      if (property === 'query' || property === 'exec')
        return (text: string, ...rest: unknown[]) => {
          writes.statement(text);
          return (object[property] as (...args: unknown[]) => unknown).call(object, text, ...rest);
        };
      return bound(object, property);
    },
  });
}

/** The PGlite client drizzle is given, its writes told to `watcher`. */
export function watchPglite(client: PGlite, watcher: WriteWatcher): PGlite {
  return new Proxy(client, {
    get(object, property) {
      if (property === 'query' || property === 'exec')
        return (text: string, ...rest: unknown[]) =>
          watcher.statement(text, () =>
            (object[property] as (...args: unknown[]) => Promise<unknown>).call(object, text, ...rest),
          );
      if (property === 'transaction')
        return async <R>(work: (tx: Querier) => Promise<R>): Promise<R> => {
          const writes = watcher.transaction();
          try {
            return await object.transaction((tx) => work(watchedTransactionPart(tx, writes)));
          } finally {
            writes.end();
          }
        };
      return bound(object, property);
    },
  });
}

/** pg runs an object with `submit` (a stream) itself and returns it, instead of a promise. */
const isSubmittable = (query: unknown): boolean =>
  typeof (query as { submit?: unknown } | null)?.submit === 'function';

const BEGIN = /^\s*(begin|start\s+transaction)\b/i;
const END = /^\s*(commit|rollback|end|abort)\b/i;

/** A pooled connection: outside BEGIN…COMMIT each statement is its own write. */
function watchPoolClient(client: pg.PoolClient, watcher: WriteWatcher): pg.PoolClient {
  let writes: TransactionWrites | null = null;
  const finish = () => {
    writes?.end();
    writes = null;
  };
  return new Proxy(client, {
    get(object, property) {
      if (property === 'query')
        return (query: unknown, ...rest: unknown[]) => {
          const text = textOf(query);
          const run = () =>
            (object.query as (...args: unknown[]) => Promise<unknown>).call(object, query, ...rest);
          if (BEGIN.test(text)) {
            finish();
            writes = watcher.transaction();
            return run();
          }
          // A stream (pg-copy-streams' COPY, the backup's and the restore's) is returned as given, not
          // awaited: inside a transaction its table counts like any statement's.
          if (isSubmittable(query)) {
            writes?.statement(text);
            return run();
          }
          if (END.test(text)) return run().finally(finish);
          if (writes) {
            writes.statement(text);
            return run();
          }
          return watcher.statement(text, run);
        };
      if (property === 'release')
        return (...args: unknown[]) => {
          finish();
          return (object.release as (...a: unknown[]) => unknown).call(object, ...args);
        };
      return bound(object, property);
    },
  });
}

/** The pool drizzle is given: its own statements and its connections' transactions watched. */
export function watchPool(pool: pg.Pool, watcher: WriteWatcher): pg.Pool {
  return new Proxy(pool, {
    get(object, property) {
      if (property === 'query')
        return (query: unknown, ...rest: unknown[]) => {
          const run = () =>
            (object.query as (...args: unknown[]) => Promise<unknown>).call(object, query, ...rest);
          return isSubmittable(query) ? run() : watcher.statement(textOf(query), run);
        };
      if (property === 'connect') return async () => watchPoolClient(await object.connect(), watcher);
      return bound(object, property);
    },
  });
}
