// The committed migrations build exactly the schema the code declares, on PGlite and (in the "pg"
// project) on a real PostgreSQL: both are compared with the same expectation, so they match each other.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { generateDrizzleJson, generateMigration, type DrizzleSnapshotJSON } from 'drizzle-kit/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER, type DatabaseHandle } from '../src/db/client.ts';
import * as adminSchema from '../src/db/schema/admin.ts';
import * as assetsSchema from '../src/db/schema/assets.ts';
import * as attendanceSchema from '../src/db/schema/attendance.ts';
import * as authSchema from '../src/db/schema/auth.ts';
import * as botSchema from '../src/db/schema/bot.ts';
import * as calendarSchema from '../src/db/schema/calendar.ts';
import * as companySchema from '../src/db/schema/company.ts';
import * as employeesSchema from '../src/db/schema/employees.ts';
import * as idempotencySchema from '../src/db/schema/idempotency.ts';
import * as jobsSchema from '../src/db/schema/jobs.ts';
import * as larkSchema from '../src/db/schema/lark.ts';
import * as larkNativeSchema from '../src/db/schema/lark-native.ts';
import * as noticesSchema from '../src/db/schema/notices.ts';
import * as manualSchema from '../src/db/schema/manual.ts';
import * as notificationsSchema from '../src/db/schema/notifications.ts';
import * as organizationsSchema from '../src/db/schema/organizations.ts';
import * as outboxSchema from '../src/db/schema/outbox.ts';
import * as privacySchema from '../src/db/schema/privacy.ts';
import * as proxiesSchema from '../src/db/schema/proxies.ts';
import * as slipsSchema from '../src/db/schema/slips.ts';
import * as recordsSchema from '../src/db/schema/records.ts';
import * as tasksSchema from '../src/db/schema/tasks.ts';
import * as usersSchema from '../src/db/schema/users.ts';
import * as vacationsSchema from '../src/db/schema/vacations.ts';
import * as workflowsSchema from '../src/db/schema/workflows.ts';
import { createPostgresDatabase, freshPglite, testBackend } from './support/test-database.ts';

const SCHEMA_MODULES: Record<string, Record<string, unknown>> = {
  'admin.ts': adminSchema,
  'assets.ts': assetsSchema,
  'attendance.ts': attendanceSchema,
  'auth.ts': authSchema,
  'bot.ts': botSchema,
  'calendar.ts': calendarSchema,
  'company.ts': companySchema,
  'employees.ts': employeesSchema,
  'idempotency.ts': idempotencySchema,
  'jobs.ts': jobsSchema,
  'lark.ts': larkSchema,
  'notices.ts': noticesSchema,
  'notifications.ts': notificationsSchema,
  'organizations.ts': organizationsSchema,
  'outbox.ts': outboxSchema,
  'privacy.ts': privacySchema,
  'proxies.ts': proxiesSchema,
  'slips.ts': slipsSchema,
  'records.ts': recordsSchema,
  'tasks.ts': tasksSchema,
  'users.ts': usersSchema,
  'vacations.ts': vacationsSchema,
  'workflows.ts': workflowsSchema,
  'lark-native.ts': larkNativeSchema,
  'manual.ts': manualSchema,
};
const allExports = Object.assign({}, ...Object.values(SCHEMA_MODULES)) as Record<string, unknown>;
const tables = Object.values(allExports).filter((value): value is PgTable => value instanceof PgTable);

/** drizzle's spelling of a type → PostgreSQL's format_type() spelling. */
function normaliseType(type: string): string {
  return type
    .replace(/^varchar/, 'character varying')
    .replace(/^char\(/, 'character(')
    .replace(/^time$/, 'time without time zone')
    .replace(/^timestamp$/, 'timestamp without time zone');
}

let handle: DatabaseHandle;
let dispose: () => Promise<void>;

beforeAll(async () => {
  if (testBackend() === 'postgres') {
    const database = await createPostgresDatabase();
    handle = database.handle;
    dispose = database.dispose;
  } else {
    handle = await freshPglite();
    dispose = () => handle.close();
  }
  await handle.migrate();
});
afterAll(() => dispose?.());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await handle.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

describe(`migrations on ${testBackend()}`, () => {
  it('covers every schema file (a new file must be added to this test)', async () => {
    const files = (await readdir(path.join(import.meta.dirname, '../src/db/schema'))).filter((f) =>
      f.endsWith('.ts'),
    );
    expect(files.sort()).toEqual(Object.keys(SCHEMA_MODULES).sort());
  });

  it('creates every declared table with its columns, types and nullability, and nothing else', async () => {
    const actual = await rows<{
      table_name: string;
      column_name: string;
      type: string;
      not_null: boolean;
    }>(sql`
      select c.relname as table_name, a.attname as column_name,
             format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as not_null
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
      order by 1, 2`);
    const expected = tables
      .flatMap((table) => {
        const config = getTableConfig(table);
        return config.columns.map((column) => ({
          table_name: config.name,
          column_name: column.name,
          type: normaliseType(column.getSQLType()),
          not_null: column.notNull || column.primary,
        }));
      })
      .sort((a, b) => a.table_name.localeCompare(b.table_name) || a.column_name.localeCompare(b.column_name));
    const byName = (a: { table_name: string; column_name: string }, b: typeof a) =>
      a.table_name.localeCompare(b.table_name) || a.column_name.localeCompare(b.column_name);
    expect(actual.map((r) => ({ ...r, not_null: Boolean(r.not_null) })).sort(byName)).toEqual(expected);
  });

  it('creates every declared index, unique, check and foreign-key constraint', async () => {
    const indexes = (
      await rows<{ name: string }>(sql`select indexname as name from pg_indexes where schemaname = 'public'`)
    ).map((r) => r.name);
    const constraints = (
      await rows<{ name: string }>(sql`
        select con.conname as name from pg_constraint con
        join pg_namespace n on n.oid = con.connamespace where n.nspname = 'public'`)
    ).map((r) => r.name);
    for (const table of tables) {
      const config = getTableConfig(table);
      for (const index of config.indexes) expect(indexes).toContain(index.config.name);
      for (const check of config.checks) expect(constraints).toContain(check.name);
      for (const fk of config.foreignKeys) expect(constraints).toContain(fk.getName());
      for (const unique of config.uniqueConstraints) expect(constraints).toContain(unique.getName());
    }
  });

  it('records each committed migration once and does nothing when run again', async () => {
    const journal = JSON.parse(
      await readFile(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8'),
    ) as {
      entries: unknown[];
    };
    await handle.migrate();
    const [row] = await rows<{ n: number | string }>(
      sql`select count(*) as n from drizzle.__drizzle_migrations`,
    );
    expect(Number(row?.n)).toBe(journal.entries.length);
  });
});

describe('committed migrations', () => {
  it('are up to date with the schema files (run `npm run db:generate -w @portal/api` after a schema change)', async () => {
    const metaDir = path.join(MIGRATIONS_FOLDER, 'meta');
    const snapshots = (await readdir(metaDir)).filter((f) => f.endsWith('_snapshot.json')).sort();
    const latest = JSON.parse(
      await readFile(path.join(metaDir, snapshots.at(-1) ?? ''), 'utf8'),
    ) as DrizzleSnapshotJSON;
    const current = generateDrizzleJson(allExports, latest.id, undefined, 'snake_case');
    expect(await generateMigration(latest, current)).toEqual([]);
  });
});
