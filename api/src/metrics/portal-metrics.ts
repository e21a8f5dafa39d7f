// The API's Prometheus metrics (issue 39), served on METRICS_PORT only (metrics-server.ts). Requests are
// counted as they are answered (request-durations.ts); everything else is read when Prometheus scrapes,
// so it costs nothing between scrapes: the outbox backlog, the bot's queues, the PostgreSQL pool, the
// last automatic backup and restore drill, each readiness check, and Node's default process metrics.
import { sql } from 'drizzle-orm';
import type { Queue } from 'bullmq';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import type { TReadiness } from '@portal/shared/contracts/health';
import type { Db, PoolFigures } from '../db/client.ts';
import { lastAutomaticBackup, lastVerification } from '../modules/health/readiness.ts';
import { RequestDurations } from './request-durations.ts';

export interface MetricsSources {
  readonly db: Db;
  /** PostgreSQL's connection pool; absent for the embedded database (one connection in the process). */
  readonly pool?: PoolFigures | undefined;
  /** The bot's queues, when REDIS_URL is set. */
  readonly queues?: readonly Queue[] | undefined;
  /** The backup folder, for an embedded database with automatic backups on. */
  readonly backupDir?: string | undefined;
  /** The readiness checks, one gauge each. */
  readonly readiness?: (() => Promise<TReadiness>) | undefined;
}

export interface PortalMetrics {
  readonly registry: Registry;
  readonly requests: RequestDurations;
  /** Counts a sign-in attempt at a door (password, lark, cas, mail, handoff). */
  countSignIn(method: string, ok: boolean): void;
}

/** A scrape must not hang on a part that is down: each source gives up after this long. */
const SOURCE_TIMEOUT_MS = 1_000;

function within<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), SOURCE_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}

export function createPortalMetrics(sources: MetricsSources): PortalMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new RequestDurations(registry);
  const registers = [registry];

  const outboxUnsent = new Gauge({
    name: 'portal_outbox_unsent',
    help: 'Outbox events not yet sent',
    registers,
  });
  new Gauge({
    name: 'portal_outbox_oldest_age_seconds',
    help: 'Age of the oldest outbox event not yet sent (0 when none)',
    registers,
    async collect() {
      // A database that does not answer leaves both out of this scrape (readiness names it).
      this.reset();
      outboxUnsent.reset();
      const result = (await within(
        sources.db.execute(
          sql`select count(*)::int as unsent, min(created_at) as oldest from outbox where sent_at is null`,
        ),
      ).catch(() => null)) as unknown as { rows: { unsent: number; oldest: string | Date | null }[] } | null;
      const row = result?.rows[0];
      if (!row) return;
      outboxUnsent.set(row.unsent);
      this.set(row.oldest ? Math.max(0, (Date.now() - new Date(row.oldest).getTime()) / 1000) : 0);
    },
  });

  if (sources.queues?.length) {
    const queues = sources.queues;
    new Gauge({
      name: 'portal_queue_jobs',
      help: "Jobs in the bot's BullMQ queues by state (absent while Redis does not answer)",
      labelNames: ['queue', 'state'],
      registers,
      async collect() {
        this.reset();
        await Promise.all(
          queues.map(async (queue) => {
            const counts = await within(
              queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'failed'),
            ).catch(() => null);
            for (const [state, count] of Object.entries(counts ?? {}))
              this.set({ queue: queue.name, state }, count);
          }),
        );
      },
    });
  }

  if (sources.pool) {
    const pool = sources.pool;
    new Gauge({
      name: 'portal_db_pool_connections',
      help: 'PostgreSQL pool: connections in use, idle, and requests waiting for one',
      labelNames: ['state'],
      registers,
      collect() {
        this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }

  if (sources.backupDir) {
    const dir = sources.backupDir;
    const size = new Gauge({
      name: 'portal_backup_last_size_bytes',
      help: 'Size of the last automatic backup archive',
      registers,
    });
    new Gauge({
      name: 'portal_backup_last_timestamp_seconds',
      help: 'When the last automatic backup was written (absent before the first)',
      registers,
      async collect() {
        this.reset();
        size.reset();
        const last = await lastAutomaticBackup(dir).catch(() => null);
        if (!last) return;
        this.set(last.at.getTime() / 1000);
        size.set(last.bytes);
      },
    });
    const verifiedOk = new Gauge({
      name: 'portal_backup_last_verification_ok',
      help: 'Whether the last restore drill of an archive succeeded (1) or failed (0)',
      registers,
    });
    new Gauge({
      name: 'portal_backup_last_verification_timestamp_seconds',
      help: 'When the last restore drill ran (absent before the first)',
      registers,
      async collect() {
        this.reset();
        verifiedOk.reset();
        const last = await lastVerification(dir);
        if (!last) return;
        this.set(new Date(last.at).getTime() / 1000);
        verifiedOk.set(last.ok ? 1 : 0);
      },
    });
  }

  if (sources.readiness) {
    const readiness = sources.readiness;
    new Gauge({
      name: 'portal_readiness_check_ok',
      help: 'Each readiness check: 1 ok or off, 0 failing (details at /api/health/ready/)',
      labelNames: ['check'],
      registers,
      async collect() {
        const answer = await readiness();
        for (const check of answer.checks) this.set({ check: check.name }, check.state === 'failing' ? 0 : 1);
      },
    });
  }

  // A rise of failures at one door is a guessing attack or a broken identity provider.
  const signIns = new Counter({
    name: 'portal_sign_in_attempts_total',
    help: 'Sign-in attempts by door (password, lark, cas, mail, handoff) and outcome (ok, failed)',
    labelNames: ['method', 'outcome'],
    registers,
  });
  const countSignIn = (method: string, ok: boolean) => signIns.inc({ method, outcome: ok ? 'ok' : 'failed' });

  return { registry, requests, countSignIn };
}
