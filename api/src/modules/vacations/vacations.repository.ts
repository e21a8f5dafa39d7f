// The leave history rows of one employee that touch a date range, as the contract shows them.
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { labelOf } from '@portal/shared/codes';
import type { TVacation } from '@portal/shared/contracts/vacations';
import { VACATION_CATEGORIES } from '@portal/shared/workflow/codes';
import type { Db } from '../../db/client.ts';
import { vacations } from '../../db/schema/vacations.ts';

/** Leave overlapping `first`..`last` (inclusive, `YYYY-MM-DD`), earliest first. */
export async function listVacationsBetween(
  db: Db,
  employeeId: number,
  first: string,
  last: string,
): Promise<TVacation[]> {
  const rows = await db
    .select()
    .from(vacations)
    .where(
      and(
        eq(vacations.employeeId, employeeId),
        lte(vacations.startDate, last),
        gte(vacations.endDate, first),
      ),
    )
    .orderBy(asc(vacations.startDate), asc(vacations.id));
  return rows.map((r) => ({
    id: r.id,
    category: r.category,
    category_name: labelOf(VACATION_CATEGORIES, r.category),
    start_date: r.startDate,
    end_date: r.endDate,
    days: r.days,
    is_start_half: r.isStartHalf,
    is_end_half: r.isEndHalf,
    task_id: r.taskId,
  }));
}
