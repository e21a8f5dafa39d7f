// Issue 38: with several API processes, a periodic job's turn runs on one of them at a time
// (jobs/periodic-job.ts): the others skip it, the lease is released when the turn ends, and a lease a
// dead process left lapses.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exclusively, startPeriodicJob } from '../src/jobs/periodic-job.ts';
import { createLogger } from '../src/logger.ts';
import { openTestDatabase, type TestDatabase } from './support/test-database.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase('empty');
});
afterAll(() => database?.dispose());

const db = () => database.handle.db;

describe('a periodic job on several processes', () => {
  it('runs a turn once while it runs; the others skip it, and the next turn runs again', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let runs = 0;
    const first = exclusively(db(), 'test-job', async () => {
      runs++;
      await held;
      return 'first';
    });
    // The first has taken the lease once its work started.
    await expect.poll(() => runs).toBe(1);
    const skipped = await Promise.all(
      [1, 2, 3].map(() => exclusively(db(), 'test-job', async () => (runs++, 'again'))),
    );
    expect(skipped).toEqual([undefined, undefined, undefined]);
    release();
    expect(await first).toBe('first');
    expect(await exclusively(db(), 'test-job', async () => (runs++, 'next'))).toBe('next');
    expect(runs).toBe(2);
    // Another job's lease is its own.
    expect(await exclusively(db(), 'other-job', async () => 'other')).toBe('other');
  });

  it('releases the lease when the turn fails, and takes over one a dead process left', async () => {
    await expect(
      exclusively(db(), 'failing-job', async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await exclusively(db(), 'failing-job', async () => 'ran')).toBe('ran');

    await db().execute(
      sql`insert into job_leases (name, holder, until) values ('dead-job', 'gone', now() - interval '1 second')`,
    );
    expect(await exclusively(db(), 'dead-job', async () => 'taken over')).toBe('taken over');
    await db().execute(
      sql`insert into job_leases (name, holder, until) values ('live-job', 'alive', now() + interval '1 hour')`,
    );
    expect(await exclusively(db(), 'live-job', async () => 'ran')).toBeUndefined();
  });

  it('starts three at once as three replicas would: one runs the first turn', async () => {
    let turns = 0;
    const run = async () => {
      turns++;
      await new Promise((r) => setTimeout(r, 200));
      return 1;
    };
    const logger = createLogger('silent');
    const jobs = [1, 2, 3].map(() =>
      startPeriodicJob({
        name: 'replica-job',
        db: db(),
        logger,
        everyMs: 3_600_000,
        run,
        done: (n) => [{ n }, 'done'],
        failed: 'failed',
      }),
    );
    await Promise.all(jobs.map((j) => j.firstRun));
    for (const j of jobs) j.stop();
    expect(turns).toBe(1);
  });
});
