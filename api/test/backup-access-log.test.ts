// Issue 34: backups and restores are in the access log, naming who ran them: the server's schedule
// (auto), `npm run backup` through the running server (the command and its system user), and a
// restore, whose row is added to the restored log. Each row lists every employee the archive holds.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { createLogger } from '../src/logger.ts';
import { requestBackup } from '../src/ops/backup/control-socket.ts';
import { startEmbeddedBackups } from '../src/ops/backup/embedded-backups.ts';
import { commandRunner, logOperation } from '../src/ops/backup/operation-log.ts';
import { restoreBackup } from '../src/ops/backup/restore-backup.ts';
import { freshPglite, openTestDatabase, type TestDatabase } from './support/test-database.ts';

const logger = createLogger('silent');
let dataDir: string;
let database: TestDatabase;

interface LogRow {
  actor_id: number | null;
  actor_name: string;
  action: string;
  kind: string;
  record_id: string | null;
  subjects: number[];
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const operations = (db: Db) =>
  rows<LogRow>(
    db,
    sql`select actor_id, actor_name, action, kind, record_id, subjects from access_log
        where kind in ('backup', 'restore') order by id`,
  );
const everyone = async (db: Db) =>
  (await rows<{ id: number }>(db, sql`select id from employees order by id`)).map((r) => r.id);

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-oplog-'));
  database = await openTestDatabase('seeded');
});
afterAll(async () => {
  await database.dispose();
  await rm(dataDir, { recursive: true, force: true });
});

describe('backups and restores in the access log', () => {
  it('names who took each backup and who restored, with every employee', { timeout: 240_000 }, async () => {
    const db = database.handle.db;
    const ids = await everyone(db);
    expect(ids.length).toBeGreaterThan(10);
    const config = { dir: path.join(dataDir, 'backups'), auto: true, keepDaily: 7, keepWeekly: 4 };
    const backups = await startEmbeddedBackups({ handle: database.handle, dataDir, config, logger });
    const file = path.join(dataDir, 'asked.tar.gz');
    const ranBy = commandRunner('npm run backup');
    try {
      await backups.checkedAtStart;
      await requestBackup(dataDir, { file, withSecrets: false, ranBy });
    } finally {
      await backups.stop();
    }
    const logged = await operations(db);
    expect(logged).toEqual([
      expect.objectContaining({
        actor_id: null,
        actor_name: 'portal (auto)',
        action: 'export',
        kind: 'backup',
      }),
      {
        actor_id: null,
        actor_name: ranBy,
        action: 'export',
        kind: 'backup',
        record_id: 'asked.tar.gz',
        subjects: ids,
      },
    ]);
    expect(ranBy).toMatch(/^npm run backup \(OS ユーザー .+\)$/);
    expect(logged[0]!.subjects).toEqual(ids);

    // Restored elsewhere: the archive's log (the auto row, taken before the archive was written)
    // and then the restore's own row.
    const target = await freshPglite();
    try {
      await restoreBackup(target, file, {
        force: false,
        dataDir: null,
        scratchIn: dataDir,
        keepReplacedIn: path.join(dataDir, 'replaced'),
      });
      const restoredBy = commandRunner('npm run restore');
      await logOperation(target.db, { kind: 'restore', file, ranBy: restoredBy });
      expect(await operations(target.db)).toEqual([
        expect.objectContaining({ actor_name: 'portal (auto)', kind: 'backup' }),
        {
          actor_id: null,
          actor_name: restoredBy,
          action: 'restore',
          kind: 'restore',
          record_id: 'asked.tar.gz',
          subjects: ids,
        },
      ]);
    } finally {
      await target.close();
    }
  });

  it('writes nothing into a database from before the access log', async () => {
    const empty = await freshPglite();
    try {
      await empty.db.execute(sql`drop table if exists access_log`);
      await expect(
        logOperation(empty.db, { kind: 'backup', file: '/x/y.tar.gz', ranBy: 'portal (pre-migration)' }),
      ).resolves.toBeUndefined();
    } finally {
      await empty.close();
    }
  });
});
