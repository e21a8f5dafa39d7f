// An approved vacation as Lark time off (docs/bot.md "Lark-native"): the period from the leave
// history (a row exists exactly while the request is approved), the contract's working hours for the
// half days, and the time-off events the bot made for it, so that undoing the approval deletes them.
import { and, desc, eq, gte, isNull, lte, or } from 'drizzle-orm';
import type { TBotTimeoff } from '@portal/shared/contracts/bot-lark-native';
import { VACATION_CATEGORIES } from '@portal/shared/workflow/codes';
import type { Db } from '../../db/client.ts';
import { contracts } from '../../db/schema/employees.ts';
import { larkTimeoffEvents } from '../../db/schema/lark-native.ts';
import { tasks } from '../../db/schema/tasks.ts';
import { vacations } from '../../db/schema/vacations.ts';
import { NotFound } from '../../errors.ts';
import { larkReachOfUser } from './lark-users.ts';

const hhmm = (time: string) => time.slice(0, 5);

export async function timeoffData(db: Db, taskId: number): Promise<TBotTimeoff> {
  const [task] = await db.select().from(tasks).where(eq(tasks.id, taskId));
  if (!task) throw new NotFound();
  const [vacation] = await db.select().from(vacations).where(eq(vacations.taskId, taskId));
  const [contract] = vacation
    ? await db
        .select()
        .from(contracts)
        .where(
          and(
            eq(contracts.employeeId, vacation.employeeId),
            lte(contracts.startDate, vacation.startDate),
            or(isNull(contracts.endDate), gte(contracts.endDate, vacation.startDate)),
          ),
        )
        .orderBy(desc(contracts.startDate))
        .limit(1)
    : [];
  const events = await db.select().from(larkTimeoffEvents).where(eq(larkTimeoffEvents.taskId, taskId));
  return {
    task_id: task.id,
    status: task.status,
    applicant: { user_id: task.applicantId, ...(await larkReachOfUser(db, task.applicantId)) },
    vacation: vacation
      ? {
          category: vacation.category,
          category_name: VACATION_CATEGORIES.find((c) => c.value === vacation.category)?.label ?? '',
          start_date: vacation.startDate,
          end_date: vacation.endDate,
          is_start_half: vacation.isStartHalf,
          is_end_half: vacation.isEndHalf,
          work_start: hhmm(contract?.workStartTime ?? '09:00'),
          work_end: hhmm(contract?.workEndTime ?? '18:00'),
        }
      : null,
    events: events.map((e) => ({ part: e.part, timeoff_event_id: e.timeoffEventId })),
  };
}

export async function saveTimeoffEvent(
  db: Db,
  event: { task_id: number; part: string; timeoff_event_id: string },
): Promise<void> {
  const [task] = await db.select({ id: tasks.id }).from(tasks).where(eq(tasks.id, event.task_id));
  if (!task) throw new NotFound();
  await db
    .insert(larkTimeoffEvents)
    .values({ taskId: event.task_id, part: event.part, timeoffEventId: event.timeoff_event_id })
    .onConflictDoUpdate({
      target: [larkTimeoffEvents.taskId, larkTimeoffEvents.part],
      set: { timeoffEventId: event.timeoff_event_id },
    });
}

export async function deleteTimeoffEvent(db: Db, event: { task_id: number; part: string }): Promise<void> {
  await db
    .delete(larkTimeoffEvents)
    .where(and(eq(larkTimeoffEvents.taskId, event.task_id), eq(larkTimeoffEvents.part, event.part)));
}
