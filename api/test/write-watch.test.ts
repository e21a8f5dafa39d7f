// The change feed learns of each write through the database handle from the handle itself
// (src/db/write-watch.ts): the tables it changes, marked from before its first statement until it has
// committed. Checked on the driver under test (PGlite, or node-postgres' pool with
// PORTAL_TEST_DB=postgres), with what the caches rely on: no mark ends before its commit.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client.ts';
import { queryRows } from '../src/db/query-rows.ts';
import { companyCalendar, companyDaysOff } from '../src/db/schema/calendar.ts';
import type { WrittenTables } from '../src/db/written-tables.ts';
import { TRIGGER_WRITES } from '../src/db/written-tables.ts';
import { openTestDatabase, type TestDatabase } from './support/test-database.ts';

let database: TestDatabase;
let handle: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase('empty');
  handle = database.handle;
});
afterAll(() => database?.dispose());

/** What the watch was told, in order, with the test's own marks between. */
function recorder() {
  const events: string[] = [];
  const name = (tables: NonNullable<WrittenTables>) => (tables === 'all' ? 'all' : tables.join(','));
  const stop = handle.watchWrites((tables) => {
    events.push(`start ${name(tables)}`);
    return () => events.push(`end ${name(tables)}`);
  });
  return { events, mark: (what: string) => events.push(what), stop };
}

describe('the write watch', () => {
  it('marks each table of a transaction from its first write until the transaction has ended', async () => {
    const { events, mark, stop } = recorder();
    try {
      await handle.db.transaction(async (tx) => {
        await tx.select().from(companyDaysOff);
        mark('read');
        await tx.insert(companyDaysOff).values({ date: '2031-01-02', name: '臨時' });
        mark('inserted');
        await tx.insert(companyDaysOff).values({ date: '2031-01-03', name: '臨時' });
        await tx.insert(companyCalendar).values({ id: 1 }).onConflictDoNothing();
        mark('last statement');
      });
      mark('committed');
      expect(events).toEqual([
        'read',
        'start company_days_off',
        'inserted',
        'start company_calendar',
        'last statement',
        'end company_days_off',
        'end company_calendar',
        'committed',
      ]);
    } finally {
      stop();
    }
  });

  it('ends the marks of a transaction that rolls back, and of one statement once it returns', async () => {
    const { events, mark, stop } = recorder();
    try {
      await expect(
        handle.db.transaction(async (tx) => {
          await tx.update(companyDaysOff).set({ name: '休業' }).where(eq(companyDaysOff.date, '2031-01-02'));
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      mark('rolled back');
      await handle.db.execute(sql`update company_days_off set name = '休業' where date = '2031-01-02'`);
      mark('updated');
      await handle.db.delete(companyDaysOff).where(eq(companyDaysOff.date, '2031-01-03'));
      expect(events).toEqual([
        'start company_days_off',
        'end company_days_off',
        'rolled back',
        'start company_days_off',
        'end company_days_off',
        'updated',
        'start all',
        'end all',
      ]);
      const [row] = await handle.db
        .select()
        .from(companyDaysOff)
        .where(eq(companyDaysOff.date, '2031-01-02'));
      expect(row?.name).toBe('休業');
    } finally {
      stop();
    }
  });

  it('tells nobody once stopped', async () => {
    const { events, stop } = recorder();
    stop();
    await handle.db.insert(companyDaysOff).values({ date: '2031-01-04' });
    expect(events).toEqual([]);
  });

  it('knows every trigger that writes a table: the database has no other', async () => {
    // Triggers whose function names another table in an INSERT, UPDATE or DELETE.
    const triggers = await queryRows<{ table: string; source: string }>(
      handle.db,
      sql`select c.relname as "table", p.prosrc as source
        from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
        where not t.tgisinternal`,
    );
    const writing: Record<string, string[]> = {};
    for (const { table, source } of triggers) {
      const written = [...source.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+"?(\w+)"?/gi)]
        .map((m) => m[1]!)
        .filter((name) => name !== table);
      if (written.length > 0) writing[table] = [...new Set([...(writing[table] ?? []), ...written])].sort();
    }
    expect(writing).toEqual(
      Object.fromEntries(Object.entries(TRIGGER_WRITES).map(([table, also]) => [table, [...also].sort()])),
    );
    // And no function but a trigger's: a `select f()` that writes would pass for a read.
    const functions = await queryRows<{ name: string }>(
      handle.db,
      sql`select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.prorettype <> 'trigger'::regtype`,
    );
    expect(functions.map((f) => f.name)).toEqual([]);
  });
});
