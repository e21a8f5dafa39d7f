// One employee's paid-leave ledger on a day: every grant and every day of paid leave in the history,
// worked out by shared/paid-leave/balance.ts (oldest grant first, lapse after two years, half days).
import { and, eq } from 'drizzle-orm';
import { PAID_LEAVE_CATEGORY } from '@portal/shared/codes';
import { balanceOn, type TBalanceOnDay } from '@portal/shared/paid-leave/balance';
import type { Db } from '../../db/client.ts';
import { paidLeaveGrants, vacations } from '../../db/schema/vacations.ts';

export async function loadPaidLeaveLedger(db: Db, employeeId: number, today: string): Promise<TBalanceOnDay> {
  const grants = await db
    .select({
      granted_on: paidLeaveGrants.grantedOn,
      expires_on: paidLeaveGrants.expiresOn,
      days: paidLeaveGrants.days,
    })
    .from(paidLeaveGrants)
    .where(eq(paidLeaveGrants.employeeId, employeeId));
  const uses = await db
    .select({ date: vacations.startDate, days: vacations.days })
    .from(vacations)
    .where(and(eq(vacations.employeeId, employeeId), eq(vacations.category, PAID_LEAVE_CATEGORY)));
  return balanceOn(grants, uses, today);
}
