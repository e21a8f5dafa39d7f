// The rows of every table in schema public, read in one repeatable-read transaction (a consistent
// snapshot: every write committed before it began, none after) and written one JSON object per line.
// The same logical format on PGlite and PostgreSQL, so an embedded database's backup also moves it to
// PostgreSQL. The JSON text comes from row_to_json and goes back through json_populate_recordset
// without being parsed in between, so numbers, timestamps and bytea (hex) keep their exact values.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appliedMigrations, type AppliedMigration } from '../../db/migration-state.ts';

const PAGE_ROWS = 500;

export interface SequenceValue {
  readonly name: string;
  /** null: never used. */
  readonly lastValue: string | null;
}

export interface DumpResult {
  readonly tables: Record<string, number>;
  readonly sequences: SequenceValue[];
  readonly migrations: AppliedMigration[];
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

export async function publicTables(db: Db): Promise<string[]> {
  const result = await rows<{ name: string }>(
    db,
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return result.map((r) => r.name);
}

export function tablePart(table: string): string {
  return `tables/${table}.jsonl`;
}

/** Writes tables/<name>.jsonl for every table into `dir`. */
export async function dumpTables(db: Db, dir: string): Promise<DumpResult> {
  await mkdir(path.join(dir, 'tables'), { recursive: true });
  return db.transaction(
    async (tx) => {
      const tables: Record<string, number> = {};
      for (const table of await publicTables(tx)) {
        const out = createWriteStream(path.join(dir, tablePart(table)));
        let count = 0;
        for (;;) {
          const page = await rows<{ j: string }>(
            tx,
            sql`select row_to_json(t)::text as j from public.${sql.identifier(table)} t
                order by t.ctid limit ${PAGE_ROWS} offset ${count}`,
          );
          for (const row of page) {
            if (!out.write(`${row.j}\n`)) await once(out, 'drain');
          }
          count += page.length;
          if (page.length < PAGE_ROWS) break;
        }
        out.end();
        await once(out, 'finish');
        tables[table] = count;
      }
      // Sequences are not transactional: their value may be ahead of the snapshot, which is harmless.
      const sequences = (
        await rows<{ name: string; last_value: string | null }>(
          tx,
          sql`select sequencename as name, last_value::text from pg_sequences
              where schemaname = 'public' order by sequencename`,
        )
      ).map((s) => ({ name: s.name, lastValue: s.last_value }));
      return { tables, sequences, migrations: await appliedMigrations(tx) };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Inserts the rows of a dumped table back, triggers and foreign keys off (the caller's transaction). */
export async function loadTable(tx: Db, dir: string, table: string): Promise<number> {
  const columns = await rows<{ name: string }>(
    tx,
    sql`select column_name as name from information_schema.columns
        where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
        order by ordinal_position`,
  );
  const list = sql.join(
    columns.map((c) => sql.identifier(c.name)),
    sql`, `,
  );
  let loaded = 0;
  let batch: string[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await tx.execute(
      sql`insert into public.${sql.identifier(table)} (${list}) overriding system value
          select ${list} from json_populate_recordset(null::public.${sql.identifier(table)}, ${`[${batch.join(',')}]`}::json)`,
    );
    loaded += batch.length;
    batch = [];
  };
  const lines = createInterface({
    input: createReadStream(path.join(dir, tablePart(table))),
    crlfDelay: Infinity,
  });
  for await (const line of lines) {
    if (line === '') continue;
    batch.push(line);
    if (batch.length >= PAGE_ROWS) await flush();
  }
  await flush();
  return loaded;
}

export async function setSequences(tx: Db, sequences: readonly SequenceValue[]): Promise<void> {
  for (const s of sequences) {
    const name = sql`format('public.%I', ${s.name}::text)::regclass`;
    await (s.lastValue === null
      ? tx.execute(sql`select setval(${name}, 1, false)`)
      : tx.execute(sql`select setval(${name}, ${s.lastValue}::bigint, true)`));
  }
}
