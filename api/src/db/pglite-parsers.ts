// drizzle's PGlite driver hands PGlite its own value parsers with every query (dates, timestamps and
// intervals kept as text), and PGlite merges them into a copy of its table of ~300 parsers each time:
// 80 µs a statement, a tenth of the API's CPU under the month-end surge (issue 38). Here the text
// parsers are set once on the instance, and a query whose parsers the instance already has goes to
// PGlite without them.
import { types, type PGlite } from '@electric-sql/pglite';

/** The types drizzle-orm's PGlite driver reads as text: its per-query parsers, each the identity. */
export const DRIZZLE_TEXT_TYPES: readonly number[] = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];

const asText = (value: string): string => value;

interface QueryOptions {
  readonly parsers?: Record<number, unknown>;
}

type Query = (text: string, params?: unknown[], options?: QueryOptions) => Promise<unknown>;

interface Querier {
  query: Query;
}

/** The options without `parsers` when the instance parses each of those types as text already. */
function withoutKnownParsers(client: PGlite, options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers) return options;
  for (const type in options.parsers) if (client.parsers[type] !== asText) return options;
  return { ...options, parsers: undefined };
}

function stripping<T extends Querier>(client: PGlite, target: T): T {
  const query: Query = (text, params, options) =>
    target.query(text, params, withoutKnownParsers(client, options));
  const transaction = <R>(work: (tx: Querier) => Promise<R>) =>
    (target as unknown as PGlite).transaction((tx) => work(stripping(client, tx as Querier)));
  return new Proxy(target, {
    get(object, property) {
      if (property === 'query') return query;
      if (property === 'transaction' && 'transaction' in object) return transaction;
      const value: unknown = Reflect.get(object, property, object);
      // PGlite's methods use private fields: they must run on the instance, not on the proxy.
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(object) : value;
    },
  });
}

/**
 * The client drizzle is given: the instance with drizzle's text parsers set on it (so raw queries on
 * it read those types as text too), queries passed on without their per-query copy.
 */
export function pgliteForDrizzle(client: PGlite): PGlite {
  for (const type of DRIZZLE_TEXT_TYPES) client.parsers[type] = asText;
  return stripping(client, client as unknown as Querier) as unknown as PGlite;
}
