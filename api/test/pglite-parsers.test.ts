// The handle's PGlite reads exactly what drizzle's own driver reads, without handing PGlite drizzle's
// parsers on every query (pglite-parsers.ts).
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { date, integer, interval, json, numeric, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteHandle, type DatabaseHandle } from '../src/db/client.ts';
import { queryRows } from '../src/db/query-rows.ts';

const sample = pgTable('sample', {
  id: integer().primaryKey(),
  at: timestamp({ mode: 'string' }),
  atZone: timestamp({ withTimezone: true }),
  day: date(),
  span: interval(),
  amount: numeric(),
  days: date().array(),
  ats: timestamp({ mode: 'string' }).array(),
  atZones: timestamp({ withTimezone: true, mode: 'string' }).array(),
  spans: interval().array(),
  amounts: numeric().array(),
  doc: json(),
});

const CREATE = `create table sample (id int primary key, at timestamp, at_zone timestamptz, day date,
  span interval, amount numeric, days date[], ats timestamp[], at_zones timestamptz[], spans interval[],
  amounts numeric[], doc json)`;
const INSERT = `insert into sample values (1, '2026-11-29 10:00:01.5', '2026-11-29 10:00:00+09', '2026-02-28',
  '1 day 02:00', 12.50, '{2026-01-01,2026-12-31}', '{"2026-01-01 09:00"}', '{"2026-01-01 09:00+09"}',
  '{"3 hours"}', '{1.5,2}', '{"a":[1,"b"]}'), (2, null, null, null, null, null, null, null, null, null, null, null)`;

async function sampleDatabase(): Promise<PGlite> {
  const client = await PGlite.create();
  await client.exec(CREATE);
  await client.exec(INSERT);
  return client;
}

describe('PGlite through the database handle', () => {
  let plain: PGlite;
  let wrapped: PGlite;
  let handle: DatabaseHandle;
  const options: unknown[] = [];

  beforeAll(async () => {
    plain = await sampleDatabase();
    wrapped = await sampleDatabase();
    const query = wrapped.query.bind(wrapped);
    // What PGlite is asked, as the handle asks it.
    wrapped.query = ((text: string, params?: unknown[], opts?: unknown) => {
      options.push(opts);
      return query(text, params, opts as never);
    }) as typeof wrapped.query;
    handle = pgliteHandle(wrapped);
  });
  afterAll(async () => {
    await plain.close();
    await handle.close();
  });

  it('reads every type as drizzle reads it on a plain PGlite, in and out of a transaction', async () => {
    const reference = drizzle({ client: plain, casing: 'snake_case' });
    const expected = await reference.select().from(sample).orderBy(sample.id);
    expect(expected[0]!.at).toBe('2026-11-29 10:00:01.5');
    expect(await handle.db.select().from(sample).orderBy(sample.id)).toEqual(expected);
    expect(await handle.db.transaction((tx) => tx.select().from(sample).orderBy(sample.id))).toEqual(
      expected,
    );

    const raw = sql`select * from sample order by id`;
    const rawExpected = await reference.execute(raw);
    expect(await queryRows(handle.db, raw)).toEqual(rawExpected.rows);
    expect(await handle.db.transaction((tx) => queryRows(tx, raw))).toEqual(rawExpected.rows);
  });

  it('hands PGlite no parsers of its own with a query', async () => {
    options.length = 0;
    await handle.db.select().from(sample);
    await handle.db.execute(sql`select 1`);
    expect(options).toHaveLength(2);
    for (const opts of options) expect(opts).not.toHaveProperty('parsers', expect.anything());
  });

  it('passes a query’s parsers on when the instance does not parse those types as text', async () => {
    const nothing = await PGlite.create();
    try {
      const db = pgliteHandle(nothing).db;
      nothing.parsers[1114] = (value: string) => new Date(value);
      const [row] = await queryRows(db, sql`select '2026-11-29 10:00'::timestamp as at`);
      expect(row).toEqual({ at: '2026-11-29 10:00:00' });
    } finally {
      await nothing.close();
    }
  });
});
