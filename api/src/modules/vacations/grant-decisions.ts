// The grant job's judgements of an employee's 基準日 (paid_leave_grant_decisions, grant-job.ts), as HR
// reads them on the person's page and the employee on /vacations: newest first.
import { desc, eq } from 'drizzle-orm';
import type { TGrantDecision } from '@portal/shared/contracts/vacations';
import type { Db } from '../../db/client.ts';
import { paidLeaveGrantDecisions as d } from '../../db/schema/vacations.ts';

export async function grantDecisionsOf(db: Db, employeeId: number): Promise<TGrantDecision[]> {
  return db
    .select({
      granted_on: d.grantedOn,
      period_from: d.periodFrom,
      period_to: d.periodTo,
      work_days: d.workDays,
      worked_days: d.workedDays,
      left_out_days: d.leftOutDays,
      ratio: d.ratio,
      granted: d.granted,
      days: d.days,
      reason: d.reason,
    })
    .from(d)
    .where(eq(d.employeeId, employeeId))
    .orderBy(desc(d.grantedOn));
}
