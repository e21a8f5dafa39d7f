// Past leave for the demo employees, so that /vacations has a history over two years to show: paid
// leave (whole and half days) and special leave, on working days before the seeding moment. Written
// as the history rows approved requests leave behind (no task).
import { eq } from 'drizzle-orm';
import { addDays } from '@portal/shared/paid-leave/schedule';
import type { TVacationCategory } from '@portal/shared/workflow/codes';
import type { Db } from '../db/client.ts';
import { employees } from '../db/schema/employees.ts';
import { users } from '../db/schema/users.ts';
import { vacations } from '../db/schema/vacations.ts';
import { tokyoDate } from '../dates.ts';
import { leaveDayCounter } from '../modules/vacations/leave-days.ts';

interface DemoLeave {
  readonly username: string;
  readonly category: TVacationCategory;
  /** Weeks before the seeding moment; the leave starts on that week's `weekday` (1 Monday … 5 Friday). */
  readonly weeksAgo: number;
  readonly weekday: number;
  /** Working days after the first (0 for a single day). */
  readonly length: number;
  readonly isStartHalf?: boolean;
}

export const DEMO_LEAVE_HISTORY: readonly DemoLeave[] = [
  { username: 'yamada', category: '01', weeksAgo: 6, weekday: 5, length: 0, isStartHalf: true },
  { username: 'yamada', category: '01', weeksAgo: 11, weekday: 1, length: 2 },
  { username: 'yamada', category: '02', weeksAgo: 24, weekday: 3, length: 1 },
  { username: 'yamada', category: '01', weeksAgo: 40, weekday: 4, length: 1 },
  { username: 'yamada', category: '01', weeksAgo: 60, weekday: 2, length: 0 },
  { username: 'yamaguchi', category: '01', weeksAgo: 8, weekday: 2, length: 0 },
];

function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

export async function seedDemoLeaveHistory(tx: Db, now: Date): Promise<void> {
  const count = await leaveDayCounter(tx);
  const today = tokyoDate(now);
  for (const leave of DEMO_LEAVE_HISTORY) {
    const [employee] = await tx
      .select({ id: employees.id })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .where(eq(users.username, leave.username));
    if (!employee) continue;
    const monday = addDays(today, -((weekdayOf(today) + 6) % 7) - 7 * leave.weeksAgo);
    // A start on a holiday moves to the next working day.
    let start = addDays(monday, leave.weekday - 1);
    for (
      let i = 0;
      i < 7 && count({ start_date: start, end_date: start, is_start_half: false, is_end_half: false }) === 0;
      i += 1
    )
      start = addDays(start, 1);
    const end = addDays(start, leave.length);
    const period = {
      start_date: start,
      end_date: end,
      is_start_half: leave.isStartHalf ?? false,
      is_end_half: false,
    };
    const days = count(period);
    if (days <= 0) continue;
    await tx.insert(vacations).values({
      employeeId: employee.id,
      category: leave.category,
      startDate: start,
      endDate: end,
      days,
      isStartHalf: period.is_start_half,
      isEndHalf: false,
    });
  }
}
