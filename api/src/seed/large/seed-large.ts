// A large company for measuring (issue 38): organisations with a head each, people with positions,
// contracts and proxies, attendance and requests in every state, written set-based into an empty
// migrated database (PostgreSQL, or PGlite for small sizes) in one transaction. Deterministic: the
// same options write the same rows. Everyone shares one password hash (argon2 costs ~200 ms each).
import { sql } from 'drizzle-orm';
import { tokyoDate } from '../../dates.ts';
import type { Db } from '../../db/client.ts';
import { ensurePermissions } from '../../db/reference-data.ts';
import { hashPassword } from '../../modules/auth/passwords.ts';
import { runPaidLeaveGrants } from '../../modules/vacations/grant-job.ts';
import { DEMO_PASSWORD } from '../demo-accounts.ts';
import { writeWorkflows } from '../seed-workflows.ts';
import { seedAttendance, writeReportVersions } from './attendance.ts';
import { appointHeads, insertOrganisations, planOrganisations } from './organisations.ts';
import { insertPeople } from './people.ts';
import { seededRandom } from './random.ts';
import { stagePurchases, stageTasks, writeStagedTasks } from './requests.ts';

/** Every account of the large company signs in with the demo password. */
export const LARGE_PASSWORD = DEMO_PASSWORD;

export interface LargeSeedOptions {
  readonly employees: number;
  /** 資材購入申請 over `requestDays`; 4 a person by default. */
  readonly requests?: number;
  readonly requestDays?: number;
  /** How many members have a year of attendance (everyone has last month). */
  readonly attendanceSample?: number;
  readonly seed?: number;
  /** A ready hash of LARGE_PASSWORD; tests and benchmarks pass a cheaper one. */
  readonly passwordHash?: string;
  readonly now?: Date;
}

export interface LargeSeedResult {
  readonly organisations: number;
  readonly employees: number;
  readonly requests: number;
  readonly attendanceReports: number;
  readonly paidLeaveGrants: number;
}

export async function seedLarge(db: Db, options: LargeSeedOptions): Promise<LargeSeedResult> {
  const now = options.now ?? new Date();
  const today = tokyoDate(now);
  const requests = options.requests ?? options.employees * 4;
  const [anyone] = ((await db.execute(sql`select 1 from users limit 1`)) as unknown as { rows: unknown[] })
    .rows;
  if (anyone) throw new Error('seed:large writes into an empty database only: this one has accounts');
  const passwordHash = options.passwordHash ?? (await hashPassword(LARGE_PASSWORD));
  const random = seededRandom(options.seed ?? 1);
  const orgs = planOrganisations(options.employees);

  const result = await db.transaction(async (tx): Promise<Omit<LargeSeedResult, 'paidLeaveGrants'>> => {
    await ensurePermissions(tx);
    await insertOrganisations(tx, orgs);
    const people = await insertPeople(tx, {
      employees: options.employees,
      orgs,
      passwordHash,
      today,
      random,
    });
    await appointHeads(tx);
    await writeWorkflows(tx);
    await stageTasks(tx);
    await stagePurchases(tx, { count: requests, firstId: 1, spanDays: options.requestDays ?? 3 * 365, now });
    const attendance = await seedAttendance(tx, {
      people,
      sample: options.attendanceSample ?? 2_000,
      firstTaskId: requests + 1,
      now,
      today,
    });
    await writeStagedTasks(tx, now);
    await writeReportVersions(tx, attendance.sheetsOf);
    return {
      organisations: orgs.length,
      employees: options.employees,
      requests,
      attendanceReports: attendance.reports,
    };
  });
  await db.execute(sql`analyze`);
  // The statutory grants a running portal would have made (its grant job): a company seeded without
  // them makes every API process judge everyone at its first start.
  const grants = await runPaidLeaveGrants(db, today);
  return { ...result, paidLeaveGrants: grants };
}
