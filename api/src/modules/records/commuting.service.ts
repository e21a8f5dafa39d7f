// Commuting routes: the current one (the latest started by today) is part of the profile;
// prev-commuting/ answers the change that started last month, or 404 '先月の通勤変更がありません。'.
import { and, desc, eq, gte, lt, lte } from 'drizzle-orm';
import {
  COMMUTING_MSG,
  type TCommutingRoute,
  type TPreviousCommuting,
} from '@portal/shared/contracts/commuting';
import type { TEmployeeRecordQuery } from '@portal/shared/contracts/bank-accounts';
import type { RequestContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { tokyoDate } from '../../dates.ts';
import { commutingRoutes } from '../../db/schema/records.ts';
import { NotFound } from '../../errors.ts';
import { readableEmployee } from './record-access.ts';

type Row = typeof commutingRoutes.$inferSelect;

function toRoute(row: Row): TCommutingRoute {
  return {
    id: row.id,
    from_station: row.fromStation,
    to_station: row.toStation,
    line: row.line,
    monthly_amount: row.monthlyAmount,
    starts_on: row.startsOn,
  };
}

/** The route in force on `day` (YYYY-MM-DD), or null. */
export async function commutingOn(db: Db, employeeId: number, day: string): Promise<TCommutingRoute | null> {
  const [row] = await db
    .select()
    .from(commutingRoutes)
    .where(and(eq(commutingRoutes.employeeId, employeeId), lte(commutingRoutes.startsOn, day)))
    .orderBy(desc(commutingRoutes.startsOn), desc(commutingRoutes.id))
    .limit(1);
  return row ? toRoute(row) : null;
}

/** The first day of the month before `today`'s, and of `today`'s month. */
function lastMonth(today: string): { from: string; to: string } {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const prevY = m === 1 ? y - 1 : y;
  const prevM = m === 1 ? 12 : m - 1;
  return {
    from: `${prevY}-${String(prevM).padStart(2, '0')}-01`,
    to: `${y}-${String(m).padStart(2, '0')}-01`,
  };
}

export async function previousCommuting({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: TEmployeeRecordQuery;
}): Promise<TPreviousCommuting> {
  const employee = await readableEmployee(ctx, input.employee);
  const { from, to } = lastMonth(tokyoDate());
  const [change] = await ctx.db
    .select()
    .from(commutingRoutes)
    .where(
      and(
        eq(commutingRoutes.employeeId, employee.id),
        gte(commutingRoutes.startsOn, from),
        lt(commutingRoutes.startsOn, to),
      ),
    )
    .orderBy(desc(commutingRoutes.startsOn), desc(commutingRoutes.id))
    .limit(1);
  if (!change) throw new NotFound(COMMUTING_MSG.noPreviousChange);
  const [before] = await ctx.db
    .select()
    .from(commutingRoutes)
    .where(and(eq(commutingRoutes.employeeId, employee.id), lt(commutingRoutes.startsOn, change.startsOn)))
    .orderBy(desc(commutingRoutes.startsOn), desc(commutingRoutes.id))
    .limit(1);
  return { ...toRoute(change), previous: before ? toRoute(before) : null };
}
