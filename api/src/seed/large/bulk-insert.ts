// Multi-row inserts that work alike on PGlite and PostgreSQL: each chunk of rows travels as one JSON
// parameter and json_to_recordset turns it back into typed columns, one statement a chunk.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

const CHUNK = 5_000;

type Row = Record<string, string | number | boolean | null | object>;

/** `columns`: each column's name and its SQL type, as json_to_recordset needs them. */
export async function bulkInsert(
  tx: Db,
  table: string,
  columns: Readonly<Record<string, string>>,
  rows: readonly Row[],
): Promise<void> {
  const names = Object.keys(columns)
    .map((c) => `"${c}"`)
    .join(', ');
  const types = Object.entries(columns)
    .map(([c, type]) => `"${c}" ${type}`)
    .join(', ');
  for (let i = 0; i < rows.length; i += CHUNK) {
    const chunk = JSON.stringify(rows.slice(i, i + CHUNK));
    await tx.execute(
      sql`insert into ${sql.identifier(table)} (${sql.raw(names)})
        select ${sql.raw(names)} from json_to_recordset(${chunk}::json) as r(${sql.raw(types)})`,
    );
  }
}

/** Explicit ids leave an identity sequence behind: move it past them. */
export async function syncSequence(tx: Db, table: string): Promise<void> {
  await tx.execute(
    sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.identifier(table)}), 0) + 1, false)`,
  );
}
