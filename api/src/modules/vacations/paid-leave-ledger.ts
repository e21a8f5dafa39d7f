// One employee's paid-leave ledger on a day: every grant and every day of paid leave in the history,
// worked out by shared/paid-leave/balance.ts (oldest grant first, lapse after two years, half days).
// A leave across a grant date is cut there (shared/paid-leave/split.ts), so each part draws on the
// grants valid on its own dates.
import { and, eq } from 'drizzle-orm';
import { PAID_LEAVE_CATEGORY } from '@portal/shared/codes';
import { balanceOn, type TBalanceOnDay } from '@portal/shared/paid-leave/balance';
import { splitAtGrantDates, usesOf, type TLeavePiece } from '@portal/shared/paid-leave/split';
import type { Db } from '../../db/client.ts';
import { paidLeaveGrants, vacations } from '../../db/schema/vacations.ts';
import { loadCalendarSettings } from '../calendar/calendar.repository.ts';
import { dayOffTestOf } from './leave-days.ts';

/** The grants and the paid leave of an employee, each leave cut at the grant dates inside it. */
export async function loadPaidLeaveRows(db: Db, employeeId: number) {
  const grants = await db
    .select({
      granted_on: paidLeaveGrants.grantedOn,
      expires_on: paidLeaveGrants.expiresOn,
      days: paidLeaveGrants.days,
    })
    .from(paidLeaveGrants)
    .where(eq(paidLeaveGrants.employeeId, employeeId));
  const leave = await db
    .select({
      id: vacations.id,
      start_date: vacations.startDate,
      end_date: vacations.endDate,
      is_start_half: vacations.isStartHalf,
      is_end_half: vacations.isEndHalf,
      days: vacations.days,
    })
    .from(vacations)
    .where(and(eq(vacations.employeeId, employeeId), eq(vacations.category, PAID_LEAVE_CATEGORY)));
  const grantDates = grants.map((g) => g.granted_on);
  const crossing = leave.filter((v) => grantDates.some((g) => g > v.start_date && g <= v.end_date));
  const isDayOff = crossing.length ? dayOffTestOf(await loadCalendarSettings(db)) : () => false;
  const pieces = new Map<number, TLeavePiece[]>(
    leave.map((v) => [v.id, splitAtGrantDates(v, v.days, grantDates, isDayOff)]),
  );
  return { grants, leave, pieces };
}

/** The ledger of every employee with a grant, on `today`, by employee id (one read of each table). */
export async function loadPaidLeaveLedgers(db: Db, today: string): Promise<Map<number, TBalanceOnDay>> {
  const grants = await db
    .select({
      employee_id: paidLeaveGrants.employeeId,
      granted_on: paidLeaveGrants.grantedOn,
      expires_on: paidLeaveGrants.expiresOn,
      days: paidLeaveGrants.days,
    })
    .from(paidLeaveGrants);
  const leave = await db
    .select({
      employee_id: vacations.employeeId,
      start_date: vacations.startDate,
      end_date: vacations.endDate,
      is_start_half: vacations.isStartHalf,
      is_end_half: vacations.isEndHalf,
      days: vacations.days,
    })
    .from(vacations)
    .where(eq(vacations.category, PAID_LEAVE_CATEGORY));
  const grantsOf = new Map<number, typeof grants>();
  for (const g of grants) grantsOf.set(g.employee_id, [...(grantsOf.get(g.employee_id) ?? []), g]);
  const leaveOf = new Map<number, typeof leave>();
  for (const v of leave) leaveOf.set(v.employee_id, [...(leaveOf.get(v.employee_id) ?? []), v]);
  let isDayOff: ((date: string) => boolean) | null = null;
  const ledgers = new Map<number, TBalanceOnDay>();
  for (const [employeeId, own] of grantsOf) {
    const grantDates = own.map((g) => g.granted_on);
    const uses = [];
    for (const v of leaveOf.get(employeeId) ?? []) {
      if (grantDates.some((g) => g > v.start_date && g <= v.end_date))
        isDayOff ??= dayOffTestOf(await loadCalendarSettings(db));
      uses.push(...usesOf(splitAtGrantDates(v, v.days, grantDates, isDayOff ?? (() => false))));
    }
    ledgers.set(employeeId, balanceOn(own, uses, today));
  }
  return ledgers;
}

export async function loadPaidLeaveLedger(db: Db, employeeId: number, today: string): Promise<TBalanceOnDay> {
  const { grants, pieces } = await loadPaidLeaveRows(db, employeeId);
  return balanceOn(grants, [...pieces.values()].flatMap(usesOf), today);
}
