// Issue 39, acceptance 5: what earlier releases wrote is upgraded by this code. The fixtures under
// tests/fixtures/releases/ were made by scripts/make-release-fixture.mjs from the releases themselves:
// 84f3001 (before the data-safety work, which had no backup command) left its embedded data folder as
// it is on disk; f9dd3dd (the first release with `npm run backup`) wrote an archive. The folder is
// opened as `npm start` opens it (lock, migrations, a backup before migrating, the demo seed offered);
// the archive is restored. Then every table's row count and a sample of rows by id equal what the old
// release wrote, its users sign in, and a request is submitted and approved; a 資材貸出申請 made on
// the old fixed choice names its asset type (0029).
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS } from '@portal/shared/permissions';
import { createApp } from '../src/app.ts';
import { openChangeFeed } from '../src/cache/change-feed.ts';
import { REPO_ROOT } from '../src/config.ts';
import { MIGRATIONS_FOLDER, pgliteHandle, type DatabaseHandle, type Db } from '../src/db/client.ts';
import { appliedMigrations, committedMigrations, migrationsFolderUpTo } from '../src/db/migration-state.ts';
import { lockDataDir } from '../src/db/data-dir-lock.ts';
import { createLogger } from '../src/logger.ts';
import { takeBackup } from '../src/ops/backup/take-backup.ts';
import { restoreBackup } from '../src/ops/backup/restore-backup.ts';
import { openEmbedded } from '../src/ops/open-embedded.ts';
import { prepareDatabase } from '../src/prepare-database.ts';
import { testConfig } from './support/test-config.ts';
import { createPostgresDatabase, freshPglite, testBackend } from './support/test-database.ts';

const RELEASES = path.join(REPO_ROOT, 'tests/fixtures/releases');
const SLOW = 240_000;
const logger = createLogger('silent');
let work: string;

/** One table as the old release left it: its row count and some rows (JSON text) by id. */
type Snapshot = Record<
  string,
  { count: number; sample: Map<string, Record<string, unknown>>; codenames?: string[] }
>;

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The first, middle and last rows by id of every table with an id, and every table's count. */
async function snapshot(db: Db, like?: Snapshot): Promise<Snapshot> {
  const result: Snapshot = {};
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    const tables = await rows<{ name: string; has_id: boolean }>(
      tx,
      sql`select t.table_name as name, exists (select 1 from information_schema.columns c
            where c.table_schema = 'public' and c.table_name = t.table_name and c.column_name = 'id') as has_id
          from information_schema.tables t
          where t.table_schema = 'public' and t.table_type = 'BASE TABLE' order by 1`,
    );
    for (const { name, has_id } of tables) {
      const table = sql`public.${sql.identifier(name)}`;
      const [{ n }] = (await rows<{ n: number }>(tx, sql`select count(*)::int as n from ${table}`)) as [
        { n: number },
      ];
      const sample = new Map<string, Record<string, unknown>>();
      if (has_id && n > 0) {
        const ids = like ? [...(like[name]?.sample.keys() ?? []), '-1'] : null;
        const picked = await rows<{ id: string; j: string }>(
          tx,
          ids
            ? sql`select t.id::text as id, row_to_json(t)::text as j from ${table} t
                  where t.id::text in (${sql.join(
                    ids.map((id) => sql`${id}`),
                    sql`, `,
                  )})`
            : sql`select t.id::text as id, row_to_json(t)::text as j from ${table} t
                  where t.id in ((select min(id) from ${table}), (select max(id) from ${table}),
                                 (select id from ${table} order by id offset ${Math.floor(n / 2)} limit 1))`,
        );
        for (const row of picked) sample.set(row.id, JSON.parse(row.j) as Record<string, unknown>);
      }
      result[name] = { count: n, sample };
      if (name === 'permissions') {
        const all = await rows<{ codename: string }>(tx, sql`select codename from permissions`);
        result[name].codenames = all.map((r) => r.codename);
      }
    }
  });
  return result;
}

/**
 * The rows the later migrations themselves insert (new permissions, say), by table: those of an
 * empty database migrated to the head less those of one migrated only as far as the old release.
 */
/**
 * Rows a data migration adds to records a company already has, which the empty databases compared
 * below cannot show: by migration tag, per table.
 */
const ROWS_ADDED_TO_EXISTING_RECORDS: Record<string, Record<string, number>> = {
  // The seeded 資材購入申請 (workflow 14) gains 資材種別, ソフトウェア and ソフトウェアID (issue 31).
  '0027_assets': { workflow_fields: 3 },
};

async function rowsAddedByMigrations(oldMigrations: number): Promise<Record<string, number>> {
  const counts = async (folder?: string) => {
    const handle = await freshPglite();
    try {
      await handle.withMigrationLock((session) => session.migrate(folder));
      const shot = await snapshot(handle.db);
      return Object.fromEntries(Object.entries(shot).map(([t, { count }]) => [t, count]));
    } finally {
      await handle.close();
    }
  };
  const folder = await migrationsFolderUpTo(MIGRATIONS_FOLDER, oldMigrations);
  try {
    const [old, head] = [await counts(folder), await counts()];
    const added: Record<string, number> = Object.fromEntries(
      Object.entries(head).map(([t, n]) => [t, n - (old[t] ?? 0)]),
    );
    for (const { tag } of (await committedMigrations(MIGRATIONS_FOLDER)).slice(oldMigrations))
      for (const [table, n] of Object.entries(ROWS_ADDED_TO_EXISTING_RECORDS[tag] ?? {}))
        added[table] = (added[table] ?? 0) + n;
    return added;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * Every table of `before` holds its rows in `after`, plus exactly those the later migrations insert;
 * every sampled row is there by id with the same values in the old columns. Permissions: a start
 * adds this code's catalogue (ensurePermissions, by codename) and renames their labels.
 */
function expectKept(before: Snapshot, after: Snapshot, added: Record<string, number>): void {
  expect(Object.keys(before).length).toBeGreaterThan(20);
  for (const [table, { count, sample }] of Object.entries(before)) {
    const oldCodenames = [...sample.values()].map((r) => r.codename);
    if (table === 'permissions') {
      expect(after[table]!.count).toBe(new Set([...before.permissions!.codenames!, ...ALL_PERMISSIONS]).size);
      expect(oldCodenames.every((c) => after.permissions!.codenames!.includes(String(c)))).toBe(true);
    } else {
      expect(after[table]?.count, table).toBe(count + (added[table] ?? 0));
    }
    for (const [id, old] of sample) {
      const now = after[table]!.sample.get(id) ?? null;
      expect(now, `${table} ${id}`).not.toBeNull();
      const columns = Object.keys(old).filter((k) => !(table === 'permissions' && k === 'name'));
      const kept = Object.fromEntries(columns.map((k) => [k, now![k]]));
      expect(kept, `${table} ${id}`).toEqual(Object.fromEntries(columns.map((k) => [k, old[k]])));
    }
  }
}

/**
 * 0029: the old release's 資材貸出申請, made on the fixed choice (assets_type 'pc'), names the type that
 * choice showed by its id, with that type's months in expiration_date and the new form's empty fields.
 */
async function expectAssetRequestsRetyped(db: Db): Promise<void> {
  const lendings = await rows<{
    reason: string;
    values: Record<string, unknown>;
    type: string | null;
    months: number | null;
  }>(
    db,
    sql`select t.values->>'reason' as reason, t.values, a.name as type, a.validity_period as months
        from tasks t join workflows w on w.id = t.workflow_id and w.kind = 'asset_lend'
        left join asset_types a on a.id::text = t.values->>'assets_type' order by t.id`,
  );
  const old = lendings.find((l) => l.reason === '新規プロジェクト参画のため');
  expect(old?.type).toBe('ノートPC');
  expect(old!.values).toMatchObject({
    assets_type: expect.any(Number),
    expiration_date: old!.months,
    software: '',
    software_id: '',
    asset_id: '',
  });
  expect(lendings.filter((l) => l.type === null)).toEqual([]);
}

/** Sign-ins of the old release's users, and a request submitted and approved, on the upgraded data. */
async function expectUsable(handle: DatabaseHandle): Promise<void> {
  const changes = await openChangeFeed(handle, logger);
  try {
    const app = createApp({ config: testConfig(), db: handle.db, logger, changes });
    const tokens = new Map<string, string>();
    for (const username of ['admin', 'hr', 'yamada', 'suzuki']) {
      const res = await request(app).post('/api/token-auth/').send({ username, password: 'demo1234' });
      expect(res.status, `${username}: ${JSON.stringify(res.body)}`).toBe(200);
      tokens.set(username, (res.body as { access: string }).access);
    }
    const auth = (username: string) => ({ Authorization: `JWT ${tokens.get(username)!}` });
    // A general request whose one approver is suzuki, made here through the current schema.
    const [workflow] = await rows<{ id: number }>(
      handle.db,
      sql`insert into workflows (name, kind) values ('アップグレード確認', 'general') returning id`,
    );
    await handle.db.execute(
      sql`insert into workflow_fields (workflow_id, name, label, data_type, "order", is_required)
          values (${workflow!.id}, 'title', '件名', 'string', 1, true)`,
    );
    const [node] = await rows<{ id: number }>(
      handle.db,
      sql`insert into nodes (workflow_id, code, name, "order", self_dispatch)
          values (${workflow!.id}, '01', '承認', 1, '01') returning id`,
    );
    await handle.db.execute(
      sql`insert into node_approvers (node_id, user_id) select ${node!.id}, id from users where username = 'suzuki'`,
    );
    const submitted = await request(app)
      .post(`/api/task/workflows/${workflow!.id}/form/`)
      .set(auth('yamada'))
      .send({ title: 'アップグレード後の申請' });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
    const taskId = (submitted.body as { id: number }).id;
    const nodes = await request(app).get(`/api/task/tasks/${taskId}/nodes/`).set(auth('suzuki'));
    expect(nodes.status).toBe(200);
    const mine = (nodes.body as { id: number; is_observer: boolean }[]).filter((n) => !n.is_observer);
    expect(mine).toHaveLength(1);
    const approved = await request(app)
      .post(`/api/task/tasks/${taskId}/nodes/${mine[0]!.id}/approval/`)
      .set(auth('suzuki'))
      .send({ action: 'approve' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const [task] = await rows<{ status: string }>(
      handle.db,
      sql`select status from tasks where id = ${taskId}`,
    );
    // 90: 完了, the one approver approved it.
    expect(task!.status).toBe('90');
  } finally {
    await changes.close();
  }
}

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'portal-upgrade-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

async function unpackDataFolder(release: string, into: string): Promise<string> {
  await mkdir(into, { recursive: true });
  execFileSync('tar', ['-xzf', path.join(RELEASES, release, 'data.tar.gz'), '-C', into]);
  return into;
}

describe(`upgrades from earlier releases on ${testBackend()}`, () => {
  if (testBackend() === 'pglite') {
    it(
      '84f3001: its embedded data folder, opened as npm start opens it, keeps every row and works',
      async () => {
        // What 84f3001 wrote, read by the same PGlite without this code's migrations.
        const plain = await unpackDataFolder('84f3001', path.join(work, 'as-written'));
        const reader = pgliteHandle(await PGlite.create(path.join(plain, 'pglite')));
        const before = await snapshot(reader.db);
        const oldMigrations = (await appliedMigrations(reader.db)).length;
        await reader.close();
        expect(before.users!.count).toBeGreaterThan(10);

        const dataDir = await unpackDataFolder('84f3001', path.join(work, 'upgraded'));
        const backups = path.join(dataDir, 'backups');
        const lock = await lockDataDir(dataDir);
        try {
          const handle = await openEmbedded(path.join(dataDir, 'pglite'), backups);
          try {
            await prepareDatabase(handle, {
              seedDemo: 'auto',
              logger,
              beforeMigrating: async () => {
                await takeBackup(handle, {
                  file: path.join(backups, 'pre-migration.tar.gz'),
                  dataDir,
                  withSecrets: false,
                  scratchIn: dataDir,
                });
              },
            });
            expect(await readdir(backups)).toContain('pre-migration.tar.gz');
            expectKept(before, await snapshot(handle.db, before), await rowsAddedByMigrations(oldMigrations));
            await expectAssetRequestsRetyped(handle.db);
            await expectUsable(handle);
          } finally {
            await handle.close();
          }
        } finally {
          await lock.release();
        }
      },
      SLOW,
    );
  }

  it(
    'f9dd3dd: its backup archive restores, keeps every row and works',
    async () => {
      const archive = path.join(RELEASES, 'f9dd3dd', 'backup.tar.gz');
      // The archive's own rows, read from its parts (row_to_json lines, as the old release wrote them).
      const unpacked = await mkdtemp(path.join(work, 'archive-'));
      await tar.x({ file: archive, cwd: unpacked });
      const manifest = JSON.parse(await readFile(path.join(unpacked, 'manifest.json'), 'utf8')) as {
        format: number;
        tables: Record<string, number>;
        migrations: unknown[];
      };
      expect(manifest.format).toBe(1);
      const before: Snapshot = {};
      for (const [table, count] of Object.entries(manifest.tables)) {
        if (table === 'permissions') continue;
        const lines = (await readFile(path.join(unpacked, 'tables', `${table}.jsonl`), 'utf8'))
          .split('\n')
          .filter((l) => l !== '')
          .map((l) => JSON.parse(l) as Record<string, unknown>);
        expect(lines).toHaveLength(count);
        const withId = lines.filter((l) => 'id' in l).sort((a, b) => Number(a.id) - Number(b.id));
        const picks =
          withId.length > 0 ? [withId[0]!, withId[Math.floor(withId.length / 2)]!, withId.at(-1)!] : [];
        before[table] = { count, sample: new Map(picks.map((r) => [String(r.id), r])) };
      }
      const permissionLines = (await readFile(path.join(unpacked, 'tables/permissions.jsonl'), 'utf8'))
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      before.permissions = {
        count: permissionLines.length,
        sample: new Map(permissionLines.map((r) => [String(r.id), r])),
        codenames: permissionLines.map((r) => String(r.codename)),
      };
      expect(before.users!.count).toBeGreaterThan(10);

      const target =
        testBackend() === 'postgres'
          ? await createPostgresDatabase()
          : await freshPglite().then((handle) => ({ handle, dispose: () => handle.close() }));
      try {
        const result = await restoreBackup(target.handle, archive, {
          force: false,
          dataDir: null,
          scratchIn: work,
          keepReplacedIn: path.join(work, 'replaced'),
        });
        expect(result.migrated.length).toBeGreaterThan(0);
        // The next start, as npm start runs it (nothing left to migrate, the catalogue ensured).
        await prepareDatabase(target.handle, { seedDemo: 'auto', logger });
        const after = await snapshot(target.handle.db, before);
        const added = await rowsAddedByMigrations(manifest.migrations.length);
        expectKept(before, after, added);
        await expectAssetRequestsRetyped(target.handle.db);
        await expectUsable(target.handle);
      } finally {
        await target.dispose();
      }
    },
    SLOW,
  );
});
