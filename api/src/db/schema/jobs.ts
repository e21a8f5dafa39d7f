// Which API process is running each periodic job (issue 38): with several replicas, one runs a job's
// turn and the others skip it (jobs/periodic-job.ts). A lease outlives a process that died mid-run
// only until `until`.
import { pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

export const jobLeases = pgTable('job_leases', {
  name: varchar({ length: 64 }).primaryKey(),
  /** A random token of the run holding the lease: only it releases the lease. */
  holder: varchar({ length: 32 }).notNull(),
  until: timestamp({ withTimezone: true }).notNull(),
});
