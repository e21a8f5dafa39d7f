// Raw SQL (recursive organisation trees, lateral joins) through drizzle's execute, whose result type
// is the driver's own: PGlite and node-postgres both answer `{ rows }`. The row type is the caller's
// word for what its SELECT returns.
import type { SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
