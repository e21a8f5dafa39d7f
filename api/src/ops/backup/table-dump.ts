// The rows of every table in schema public, written one JSON object per line, and read back. The same
// logical format on PGlite and PostgreSQL, so an embedded database's backup also moves it to
// PostgreSQL. The JSON text comes from row_to_json and goes back through json_populate_recordset
// without being parsed in between, so numbers, timestamps and bytea (hex) keep their exact values.
//
// Nothing is ever held whole. On PostgreSQL each table goes through COPY both ways: the server writes
// the lines in primary-key order straight into the file, and reads the file back into a temporary
// table of lines from which the rows are inserted; the process only passes 64 kB chunks along (a
// 2 MB file as a query parameter or a result string cost the pg driver several copies of it each, and
// 150 of them ran the process 330 MB over idle). On PGlite (in the process, no COPY stream) a table is
// read in pages by its primary key (keyset paging, linear in rows), each page bounded in rows and in
// bytes (a row holding a 2 MB file is a page of its own), and written line by line; loading reads the
// file as a stream and inserts batches bounded the same way.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { Db } from '../../db/client.ts';
import { appliedMigrations, type AppliedMigration } from '../../db/migration-state.ts';
import { BackupError } from './archive.ts';

/** Rows per page of a table holding files (paged by weight too) and of a narrow one (no bytea). */
const PAGE_ROWS = 2000;
const NARROW_PAGE_ROWS = 5000;
/** Bytes of column data per page and per insert batch; bytea counts double (it is written as hex). */
const PAGE_BYTES = 4 * 1024 * 1024;
/** A line longer than this is not a row this portal wrote (uploads are far smaller): refused. */
const MAX_LINE_BYTES = 256 * 1024 * 1024;

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

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
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

interface KeyColumn {
  readonly name: string;
  readonly type: string;
}

/** The primary key's columns with their types; [] when the table has none (then paged by ctid). */
async function primaryKey(db: Db, table: string): Promise<KeyColumn[]> {
  return rows<KeyColumn>(
    db,
    sql`select a.attname as name, format_type(a.atttypid, a.atttypmod) as type
        from pg_index i
        join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where i.indrelid = format('public.%I', ${table}::text)::regclass and i.indisprimary
        order by array_position(i.indkey, a.attnum)`,
  );
}

/**
 * What a row weighs for the page budget: its bytea columns' sizes, read without detoasting; null for
 * a table without bytea (its rows are bounded by the input limits, so PAGE_ROWS bounds a page).
 */
async function rowWeight(db: Db, table: string): Promise<SQL | null> {
  const columns = await rows<{ name: string; type: string }>(
    db,
    sql`select column_name as name, data_type as type from information_schema.columns
        where table_schema = 'public' and table_name = ${table}`,
  );
  const parts = columns
    .filter((c) => c.type === 'bytea')
    .map((c) => sql`2 * coalesce(octet_length(t.${sql.identifier(c.name)}), 0)`);
  return parts.length === 0 ? null : sql.join([sql`256`, ...parts], sql` + `);
}

/** The pg connection under a drizzle transaction on PostgreSQL; null on PGlite. */
function postgresClient(db: Db): pg.ClientBase | null {
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  return client instanceof pg.Client ? client : null;
}

function quoted(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * COPY's CSV with a quote and a delimiter that JSON text never holds unescaped (nor a line break):
 * each line is one field, written and read verbatim.
 */
const JSON_LINES = `(format csv, quote e'\\x01', delimiter e'\\x02')`;

/** PostgreSQL: the table's lines in key order, streamed by COPY from the server into `file`. */
async function copyTableOut(
  client: pg.ClientBase,
  db: Db,
  table: string,
  file: string,
  signal?: AbortSignal,
): Promise<number> {
  const key = await primaryKey(db, table);
  const order = key.length > 0 ? key.map((k) => `t.${quoted(k.name)}`).join(', ') : 't.ctid';
  const out = client.query(
    copyTo(
      `copy (select row_to_json(t)::text from public.${quoted(table)} t order by ${order}) to stdout with ${JSON_LINES}`,
    ),
  );
  await pipeline(out, createWriteStream(file, { mode: 0o600 }), { ...(signal ? { signal } : {}) });
  return out.rowCount;
}

/** Reads one table page by page in `db` (the caller's snapshot) and writes its lines to `file`. */
async function dumpTable(db: Db, table: string, file: string, signal?: AbortSignal): Promise<number> {
  const key = await primaryKey(db, table);
  const weight = await rowWeight(db, table);
  const from = sql`public.${sql.identifier(table)} t`;
  const keyList =
    key.length > 0
      ? sql.join(
          key.map((k) => sql`t.${sql.identifier(k.name)}`),
          sql`, `,
        )
      : sql`t.ctid`;
  const keyText =
    key.length > 0
      ? sql.join(
          key.map((k, i) => sql`t.${sql.identifier(k.name)}::text as ${sql.identifier(`k${i}`)}`),
          sql`, `,
        )
      : sql`t.ctid::text as k0`;
  const after = (last: string[] | null): SQL => {
    if (last === null) return sql`true`;
    if (key.length === 0) return sql`t.ctid > ${last[0]}::tid`;
    const values = sql.join(
      key.map((k, i) => sql`${last[i]}::${sql.raw(k.type)}`),
      sql`, `,
    );
    return sql`(${keyList}) > (${values})`;
  };

  // The page's rows are chosen first and only they are turned into JSON: written as one select, the
  // planner (without statistics on the fresh copy) sorted every remaining row after row_to_json, so
  // each page cost as much as the rest of the table (issue 33: 68 s for 500,000 rows).
  const pageQuery = (limit: number): SQL =>
    key.length > 0
      ? sql`select ${keyText}, row_to_json(t)::text as j from (select * from ${from}
            where ${after(last)} order by ${keyList} limit ${limit}) t order by ${keyList}`
      : sql`select ${keyText}, row_to_json(t)::text as j from ${from}
            where ${after(last)} order by ${keyList} limit ${limit}`;
  let last: string[] | null = null;
  let count = 0;
  // One string per page (each a few MB at most): few writes, and pipeline ends the reading on a
  // write error (a full disk) instead of waiting for a 'drain' that never comes.
  async function* pages(): AsyncGenerator<string> {
    for (;;) {
      let page: (Record<string, string> & { j: string })[];
      if (weight === null) {
        page = await rows(db, pageQuery(NARROW_PAGE_ROWS));
      } else {
        // First the keys and running weights of the next rows, then as many rows as fit the budget.
        const weights: Record<string, string>[] = await rows<Record<string, string>>(
          db,
          sql`select sum(${weight}) over (order by ${keyList} rows unbounded preceding) as acc
              from ${from} where ${after(last)} order by ${keyList} limit ${PAGE_ROWS}`,
        );
        let take = weights.findIndex((k) => Number(k.acc) > PAGE_BYTES);
        take = take === -1 ? weights.length : Math.max(1, take);
        page = take === 0 ? [] : await rows(db, pageQuery(take));
      }
      if (page.length === 0) return;
      signal?.throwIfAborted();
      let text = '';
      for (const row of page) text += `${row.j}\n`;
      count += page.length;
      const lastKey: Record<string, string> = page.at(-1)!;
      last = (key.length > 0 ? key : [null]).map((_, i) => lastKey[`k${i}`]!);
      yield text;
      // PGlite answers from microtasks: let requests waiting on the event loop run between pages.
      await yieldToEventLoop();
    }
  }
  await pipeline(Readable.from(pages(), { objectMode: false }), createWriteStream(file, { mode: 0o600 }), {
    ...(signal ? { signal } : {}),
  });
  return count;
}

/**
 * Writes tables/<name>.jsonl for every table into `dir`, in one repeatable-read transaction of `db`
 * (a consistent snapshot). On PostgreSQL that transaction blocks no one; the embedded database is
 * dumped from a private copy instead (take-backup.ts), never from the one serving requests.
 */
export async function dumpTables(db: Db, dir: string, signal?: AbortSignal): Promise<DumpResult> {
  await mkdir(path.join(dir, 'tables'), { recursive: true, mode: 0o700 });
  return db.transaction(
    async (tx) => {
      // Keyset pages by the primary key's index (a few ms each), never a scan and sort of the rest of
      // the table: the copy a backup reads has no statistics to tell the planner so.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      const tables: Record<string, number> = {};
      const client = postgresClient(tx);
      for (const table of await publicTables(tx)) {
        const file = path.join(dir, tablePart(table));
        tables[table] = await (client
          ? copyTableOut(client, tx, table, file, signal)
          : dumpTable(tx, table, file, signal));
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

/** The lines of `file` as Buffers (no line is ever joined to another), each at most MAX_LINE_BYTES. */
async function* lines(file: string): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    let start = 0;
    for (let nl = chunk.indexOf(10, start); nl !== -1; nl = chunk.indexOf(10, start)) {
      const piece = chunk.subarray(start, nl);
      yield pending.length === 0 ? piece : Buffer.concat([...pending, piece]);
      pending = [];
      pendingBytes = 0;
      start = nl + 1;
    }
    if (start < chunk.length) {
      pending.push(chunk.subarray(start));
      pendingBytes += chunk.length - start;
      if (pendingBytes > MAX_LINE_BYTES) {
        throw new BackupError(`${path.basename(file)} holds a line over ${MAX_LINE_BYTES} bytes`);
      }
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending);
}

/** Inserts the rows of a dumped table back (in the caller's transaction); returns how many. */
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
  const client = postgresClient(tx);
  if (client) {
    // The lines go into a temporary table by COPY, and from there into the table in one insert.
    const target = sql`public.${sql.identifier(table)}`;
    await tx.execute(sql`create temporary table if not exists portal_restore_lines (j text) on commit drop`);
    await tx.execute(sql`truncate portal_restore_lines`);
    await pipeline(
      createReadStream(path.join(dir, tablePart(table))),
      client.query(copyFrom(`copy portal_restore_lines (j) from stdin with ${JSON_LINES}`)),
    );
    const inserted = await tx.execute(
      sql`insert into ${target} (${list}) overriding system value
          select ${sql.join(
            columns.map((c) => sql`r.${sql.identifier(c.name)}`),
            sql`, `,
          )}
          from portal_restore_lines l cross join lateral json_populate_record(null::${target}, l.j::json) r
          where l.j <> ''`,
    );
    await tx.execute(sql`truncate portal_restore_lines`);
    return (inserted as unknown as { rowCount: number }).rowCount;
  }
  let loaded = 0;
  let batch: Buffer[] = [];
  let batchBytes = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const parts: Buffer[] = [Buffer.from('[')];
    batch.forEach((line, i) => parts.push(...(i === 0 ? [line] : [Buffer.from(','), line])));
    parts.push(Buffer.from(']'));
    const json = Buffer.concat(parts).toString('utf8');
    await tx.execute(
      sql`insert into public.${sql.identifier(table)} (${list}) overriding system value
          select ${list} from json_populate_recordset(null::public.${sql.identifier(table)}, ${json}::json)`,
    );
    loaded += batch.length;
    batch = [];
    batchBytes = 0;
  };
  for await (const line of lines(path.join(dir, tablePart(table)))) {
    if (line.length === 0) continue;
    batch.push(line);
    batchBytes += line.length;
    if (batch.length >= PAGE_ROWS || batchBytes >= PAGE_BYTES) await flush();
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
