// Backups of the embedded database (issue 33, acceptance 1 and 3), on a PGlite kept in a folder as
// the portal runs it:
//   1. 500,000 rows (admin_audit_log, with JSON before/after) beside the demo company: the backup the
//      server takes (takeBackup, as the daily one and `npm run backup` do) while the real app
//      (createApp on 127.0.0.1) answers health checks (4 callers) and sign-ins (1 caller) all along.
//      Targets: the backup in ≤ 60 s, requests during it p95 ≤ 1 s.
//   2. Attachments making an archive over 1 GB: backed up, restored into a new folder, every file's
//      sha256 equal; the process's RSS growth over both is reported (target < 300 MB).
// Exits 1 when a target is missed. Sizes: BENCH_BACKUP_ROWS (500000), BENCH_BACKUP_ARCHIVE_MB (1100;
// 0 skips part 2). A tiny run to see it works: BENCH_BACKUP_ROWS=2000 BENCH_BACKUP_ARCHIVE_MB=20.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createApp } from '../../api/src/app.ts';
import { openChangeFeed } from '../../api/src/cache/change-feed.ts';
import { openPglite, type DatabaseHandle, type Db } from '../../api/src/db/client.ts';
import { ensurePermissions } from '../../api/src/db/reference-data.ts';
import { createLogger } from '../../api/src/logger.ts';
import { restoreBackup } from '../../api/src/ops/backup/restore-backup.ts';
import { takeBackup } from '../../api/src/ops/backup/take-backup.ts';
import { seedDemo } from '../../api/src/seed/seed-demo.ts';
import { testConfig } from '../../api/test/support/test-config.ts';

const ROWS = Number(process.env.BENCH_BACKUP_ROWS ?? 500_000);
const ARCHIVE_MB = Number(process.env.BENCH_BACKUP_ARCHIVE_MB ?? 1100);
const TARGET = { backupSeconds: 60, requestP95Ms: 1000, rssGrowthMb: 300 };
const FILE_BYTES = 1_900_000;

const logger = createLogger('silent');
let failed = false;

function report(label: string, value: string, ok?: boolean): void {
  if (ok === false) failed = true;
  console.log(`${label.padEnd(44)} ${value}${ok === undefined ? '' : ok ? '  ✓' : '  ✗ target missed'}`);
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function newDatabase(dir: string): Promise<DatabaseHandle> {
  const handle = await openPglite(dir);
  await handle.migrate();
  await ensurePermissions(handle.db);
  return handle;
}

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0;
}

/** Callers that keep requesting until `stop()`; their latencies in ms. */
function callers(base: string): { stop(): Promise<number[]> } {
  const latencies: number[] = [];
  let running = true;
  const timed = async (request: () => Promise<Response>) => {
    const started = performance.now();
    const res = await request();
    await res.arrayBuffer();
    latencies.push(performance.now() - started);
    if (!res.ok) throw new Error(`${res.status} from the portal during the backup`);
  };
  const health = async () => {
    while (running) await timed(() => fetch(`${base}/api/health/`));
  };
  const signIn = async () => {
    while (running) {
      await timed(() =>
        fetch(`${base}/api/token-auth/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'yamada', password: 'demo1234' }),
        }),
      );
    }
  };
  const all = Promise.all([health(), health(), health(), health(), signIn()]);
  return {
    async stop() {
      running = false;
      await all;
      return latencies;
    },
  };
}

async function rowsWhileServing(work: string): Promise<void> {
  const handle = await newDatabase(path.join(work, 'rows', 'pglite'));
  try {
    await seedDemo(handle.db);
    for (let done = 0; done < ROWS; done += 50_000) {
      await handle.db.execute(
        sql`insert into admin_audit_log (actor_name, resource, action, object_id, object_label, before, after)
            select '山田 太郎', 'people', 'update', g, '社員 ' || g,
                   jsonb_build_object('name', '旧 ' || g, 'phone', '03-0000-' || lpad((g % 10000)::text, 4, '0')),
                   jsonb_build_object('name', '新 ' || g, 'phone', '03-1111-' || lpad((g % 10000)::text, 4, '0'))
            from generate_series(${done + 1}::int, ${Math.min(ROWS, done + 50_000)}::int) g`,
      );
    }
    const changes = await openChangeFeed(handle, logger);
    const app = createApp({ config: testConfig(), db: handle.db, logger, changes });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const load = callers(base);
      const started = performance.now();
      const { manifest } = await takeBackup(handle, {
        file: path.join(work, 'rows.tar.gz'),
        dataDir: null,
        withSecrets: false,
        scratchIn: work,
      });
      const seconds = (performance.now() - started) / 1000;
      const latencies = await load.stop();
      const total = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
      report('rows in the archive', total.toLocaleString('en'));
      report('archive size', `${((await stat(path.join(work, 'rows.tar.gz'))).size / 1e6).toFixed(1)} MB`);
      report('backup time', `${seconds.toFixed(1)} s`, seconds <= TARGET.backupSeconds);
      report('requests answered during the backup', String(latencies.length));
      report(
        'request p95 during the backup',
        `${p95(latencies).toFixed(0)} ms`,
        p95(latencies) <= TARGET.requestP95Ms,
      );
      report('slowest request during the backup', `${Math.max(...latencies).toFixed(0)} ms`);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await changes.close();
    }
  } finally {
    await handle.close();
  }
}

async function bigArchive(work: string): Promise<void> {
  const source = await newDatabase(path.join(work, 'big', 'pglite'));
  const target = await newDatabase(path.join(work, 'restored', 'pglite'));
  try {
    await seedDemo(source.db);
    const [task] = await rows<{ id: number }>(source.db, sql`select id from tasks order by id limit 1`);
    const files = Math.ceil((ARCHIVE_MB * 1e6) / FILE_BYTES);
    const [first] = await rows<{ id: number }>(
      source.db,
      sql`insert into attachments (task_id, field_name, name, content_type, content)
          values (${task!.id}, 'f_0', 'f-0.jpg', 'image/jpeg', ${randomBytes(FILE_BYTES)}) returning id`,
    );
    // Random bytes do not compress, so the archive is as large as the files.
    await source.db.execute(
      sql`insert into attachments (task_id, field_name, name, content_type, content)
          select a.task_id, 'f_' || g, 'f-' || g || '.jpg', a.content_type,
                 overlay(a.content placing int4send(g) from 1 for 4)
          from attachments a, generate_series(1, ${files - 1}::int) g where a.id = ${first!.id}`,
    );
    const file = path.join(work, 'big.tar.gz');
    const idle = process.memoryUsage().rss;
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    let started = performance.now();
    await takeBackup(source, { file, dataDir: null, withSecrets: false, scratchIn: work });
    const backupSeconds = (performance.now() - started) / 1000;
    started = performance.now();
    // The target holds only the reference rows every start writes (permissions): replaced.
    await restoreBackup(target, file, {
      force: true,
      dataDir: null,
      scratchIn: work,
      keepReplacedIn: work,
    });
    const restoreSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const digests = (db: Db) =>
      rows<{ d: string }>(
        db,
        sql`select string_agg(encode(sha256(content), 'hex'), ',' order by id) as d from attachments`,
      );
    const [a] = await digests(source.db);
    const [b] = await digests(target.db);
    const size = (await stat(file)).size;
    report('attachments', files.toLocaleString('en'));
    report('archive size', `${(size / 1e9).toFixed(2)} GB`, ARCHIVE_MB < 1000 || size > 1e9);
    report('backup time', `${backupSeconds.toFixed(1)} s`);
    report('restore time', `${restoreSeconds.toFixed(1)} s`);
    report('every file restored with an equal sha256', String(a!.d === b!.d), a!.d === b!.d);
    const growth = (peak - idle) / 1e6;
    report('RSS growth over backup and restore', `${growth.toFixed(0)} MB`, growth < TARGET.rssGrowthMb);
  } finally {
    await source.close();
    await target.close();
  }
}

const work = await mkdtemp(path.join(tmpdir(), 'portal-bench-backup-'));
try {
  console.log(`load average at start: ${loadavg()[0]!.toFixed(2)}`);
  console.log(`\n1. ${ROWS.toLocaleString('en')} rows, backed up while the portal serves`);
  await rowsWhileServing(work);
  if (ARCHIVE_MB > 0) {
    console.log(`\n2. an archive of about ${ARCHIVE_MB} MB of attachments, backed up and restored`);
    await bigArchive(work);
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
