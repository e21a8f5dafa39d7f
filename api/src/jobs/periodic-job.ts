// The portal's periodic jobs (the paid-leave grants, the notices and reminders): each runs now and
// then every period. With several API processes, a turn is run by one of them: the first to take
// the job's lease (job_leases) runs it, the others skip that turn. Every job is idempotent and
// catches up what a skipped or failed turn left, so a skipped turn loses nothing; what the lease saves
// is the same work done at once by every replica (at 50,000 people, each one's first start judged and
// reminded everyone: docs/benchmarks.md, scale). A lease a dead process left lapses after LEASE_MS.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { Logger } from '../logger.ts';

/** Longer than any turn takes; a turn that takes longer may be run a second time, which is harmless. */
const LEASE_MS = 30 * 60 * 1000;

/** Runs `work` unless another process runs this job now; undefined when it was skipped. */
export async function exclusively<T>(db: Db, name: string, work: () => Promise<T>): Promise<T | undefined> {
  const holder = randomBytes(16).toString('hex');
  const taken = (await db.execute(sql`
    insert into job_leases (name, holder, until)
    values (${name}, ${holder}, now() + ${LEASE_MS} * interval '1 millisecond')
    on conflict (name) do update set holder = excluded.holder, until = excluded.until
      where job_leases.until < now()
    returning name`)) as unknown as { rows: unknown[] };
  if (taken.rows.length === 0) return undefined;
  try {
    return await work();
  } finally {
    await db.execute(sql`delete from job_leases where name = ${name} and holder = ${holder}`);
  }
}

export interface PeriodicJob {
  /** The start's turn, for a shutdown to wait on. */
  readonly firstRun: Promise<void>;
  stop(): void;
}

export function startPeriodicJob(options: {
  /** The lease's name: one per job. */
  readonly name: string;
  readonly db: Db;
  readonly logger: Logger;
  readonly everyMs: number;
  /** One turn; answers how many things it did (sent, granted…). */
  readonly run: () => Promise<number>;
  /** The log line of a turn that did something: its fields and message. */
  readonly done: (count: number) => readonly [Record<string, unknown>, string];
  /** The log message of a turn that failed. */
  readonly failed: string;
}): PeriodicJob {
  const { db, logger } = options;
  const turn = () =>
    exclusively(db, options.name, options.run)
      .then((count) => {
        if (count !== undefined && count > 0) logger.info(...options.done(count));
      })
      .catch((error: unknown) => logger.error({ err: error }, options.failed));
  const firstRun = turn();
  const timer = setInterval(() => void turn(), options.everyMs);
  timer.unref();
  return { firstRun, stop: () => clearInterval(timer) };
}
