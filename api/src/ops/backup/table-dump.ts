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
// bytes (a row holding a 2 MB file is a page of its own) and written by COPY into a blob, so its text
// never becomes a JavaScript string; loading reads the file as a stream and inserts batches bounded
// the same way.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
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

/** A PGlite connection or transaction, as the dump queries it. */
interface PgliteQuerier {
  query<T>(
    text: string,
    params?: unknown[],
    options?: { serializers?: Record<number, (value: unknown) => unknown> },
  ): Promise<{ rows: T[] }>;
}

/** PostgreSQL's type oid of json. */
const JSON_OID = 114;

/**
 * A file COPY writes a page into, by its name inside the database and on this machine: the PGlite
 * copy's own folder (ops/backup/take-backup.ts), deleted with it.
 */
interface Spool {
  readonly inDatabase: string;
  readonly onHost: string;
}

async function spoolOf(db: Db, folder: string | undefined): Promise<Spool | null> {
  if (!folder) return null;
  const [setting] = await rows<{ data_directory: string }>(db, sql`show data_directory`);
  return { inDatabase: `${setting!.data_directory}/${SPOOL_FILE}`, onHost: path.join(folder, SPOOL_FILE) };
}

/** Where the pages go between the database and the archive's file: a spool, or result strings. */
type PageReader = (query: string) => Promise<Buffer | string>;

function pageReader(client: PgliteQuerier, spool: Spool | null): PageReader {
  if (spool) {
    return async (query) => {
      await client.query(`copy (${query}) to ${literal(spool.inDatabase)} with ${JSON_LINES}`);
      return readFile(spool.onHost);
    };
  }
  return async (query) => {
    let text = '';
    for (const row of (await client.query<{ j: string }>(query)).rows) text += `${row.j}\n`;
    return text;
  };
}

/** The PGlite connection (or transaction) under a drizzle session. */
function pgliteClient(db: Db): PgliteQuerier {
  const client = (db as unknown as { session?: { client?: Partial<PgliteQuerier> } }).session?.client;
  if (typeof client?.query !== 'function') throw new Error('table-dump: no PGlite client under the session');
  return client as PgliteQuerier;
}

/** A string constant (standard_conforming_strings is on: only the quote is doubled). */
function literal(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
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
async function dumpTable(
  db: Db,
  table: string,
  file: string,
  read: PageReader,
  signal?: AbortSignal,
): Promise<number> {
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
  // COPY takes no parameters: the page's bounds are written as literals (key values the database
  // itself gave as text; the types are the catalog's names).
  const keyColumns = key.length > 0 ? `(${key.map((k) => `t.${quoted(k.name)}`).join(', ')})` : 't.ctid';
  const bound = (values: string[]): string =>
    key.length > 0
      ? `(${values.map((v, i) => `${literal(v)}::${key[i]!.type}`).join(', ')})`
      : `${literal(values[0]!)}::tid`;

  let last: string[] | null = null;
  let count = 0;
  const keysOf = (row: Record<string, string>): string[] =>
    (key.length > 0 ? key : [null]).map((_, i) => row[`k${i}`]!);
  /** A narrow table's next page: its rows are small, so their text comes back as result strings. */
  async function narrowPage(): Promise<{ lines: string; count: number; end: string[] } | null> {
    const page = await rows<Record<string, string> & { j: string }>(
      db,
      sql`select ${keyText}, row_to_json(t)::text as j from (select * from ${from}
          where ${after(last)} order by ${keyList} limit ${NARROW_PAGE_ROWS}) t order by ${keyList}`,
    );
    if (page.length === 0) return null;
    let lines = '';
    for (const row of page) lines += `${row.j}\n`;
    return { lines, count: page.length, end: keysOf(page.at(-1)!) };
  }

  /**
   * A page of a table holding files: the keys and running weights of the next rows tell where it
   * ends, then its lines are read as one key range (through the spool when there is one).
   */
  async function weighedPage(
    weight: SQL,
  ): Promise<{ lines: Buffer | string; count: number; end: string[] } | null> {
    const next = await rows<Record<string, string>>(
      db,
      sql`select ${keyText}, sum(${weight}) over (order by ${keyList} rows unbounded preceding) as acc
          from ${from} where ${after(last)} order by ${keyList} limit ${PAGE_ROWS}`,
    );
    if (next.length === 0) return null;
    const over = next.findIndex((k) => Number(k.acc) > PAGE_BYTES);
    const count = over === -1 ? next.length : Math.max(1, over);
    const end = keysOf(next[count - 1]!);
    const range =
      last === null
        ? `${keyColumns} <= ${bound(end)}`
        : `${keyColumns} > ${bound(last)} and ${keyColumns} <= ${bound(end)}`;
    const lines = await read(
      `select row_to_json(t)::text as j from public.${quoted(table)} t where ${range} order by ${keyColumns}`,
    );
    return { lines, count, end };
  }

  async function* pages(): AsyncGenerator<Buffer | string> {
    for (;;) {
      const page = weight === null ? await narrowPage() : await weighedPage(weight);
      if (!page) return;
      signal?.throwIfAborted();
      count += page.count;
      last = page.end;
      yield page.lines;
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
export interface DumpOptions {
  readonly signal?: AbortSignal | undefined;
  /**
   * PGlite kept in this folder, read by no one else (a backup's private copy): each page is written
   * there by COPY and read back as bytes, so a page's text never becomes a JavaScript string. As
   * result strings, pages of files made garbage faster than the heap collected it (the backup of a
   * 1.2 GB archive peaked 300 MB over idle); a COPY to PGlite's '/dev/blob' instead kept most of each
   * page inside the instance until it closed.
   */
  readonly spoolIn?: string | undefined;
}

const SPOOL_FILE = 'portal-dump-page.jsonl';

export async function dumpTables(db: Db, dir: string, options: DumpOptions = {}): Promise<DumpResult> {
  const { signal } = options;
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
      const read = client ? null : pageReader(pgliteClient(tx), await spoolOf(tx, options.spoolIn));
      for (const table of await publicTables(tx)) {
        const file = path.join(dir, tablePart(table));
        tables[table] = await (read
          ? dumpTable(tx, table, file, read, signal)
          : copyTableOut(client!, tx, table, file, signal));
      }
      if (options.spoolIn) await rm(path.join(options.spoolIn, SPOOL_FILE), { force: true });
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
  // The batch goes to PGlite as bytes in the parameter's binary format, which for json is its text:
  // as a string, PGlite would measure and encode every character of megabytes of hex in JavaScript,
  // and its json serializer would turn a Buffer into an object.
  const insert =
    `insert into public.${quoted(table)} (${columns.map((c) => quoted(c.name)).join(', ')}) overriding system value ` +
    `select ${columns.map((c) => quoted(c.name)).join(', ')} from json_populate_recordset(null::public.${quoted(table)}, $1::json)`;
  const pglite = pgliteClient(tx);
  let loaded = 0;
  let batch: Buffer[] = [];
  let batchBytes = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const parts: Buffer[] = [Buffer.from('[')];
    batch.forEach((line, i) => parts.push(...(i === 0 ? [line] : [Buffer.from(','), line])));
    parts.push(Buffer.from(']'));
    await pglite.query(insert, [Buffer.concat(parts)], {
      serializers: { [JSON_OID]: (bytes: unknown) => bytes },
    });
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
