// The bot's attendance-reminder routes: the company's business days of a month (the bot decides from
// them whether a scheduler tick is a reminder day), and who has not submitted a month yet, with their
// Lark user (or the e-mail address to look it up by) and the page to open.
import { businessDays } from '@portal/shared/calendar/business-days';
import {
  ZBotBusinessDays,
  ZBotUnsubmittedAttendance,
  type TBotUnsubmittedAttendance,
} from '@portal/shared/contracts/bot-reminders';
import { bot } from '@portal/shared/endpoints/bot';
import type { Db } from '../../db/client.ts';
import { route, type EndpointRouter } from '../../http/route.ts';
import {
  findAttendanceWorkflow,
  listEmployeesWithoutSubmittedMonth,
} from '../attendance/attendance.repository.ts';
import { loadMonthCalendarSettings } from '../calendar/calendar.repository.ts';
import { parseYearMonth } from '../calendar/year-month.ts';
import { larkReachOf } from './lark-users.ts';

/** The 勤怠報告 entry form of the active attendance workflow, on the month (`?month=YYYY-MM`). */
function formPath(workflowId: number | null, year: number, month: number): string {
  if (workflowId === null) return '/task/workflows';
  return `/task/workflows/${workflowId}/create?month=${year}-${String(month).padStart(2, '0')}`;
}

export function botRemindersRoutes(on: EndpointRouter, db: Db): void {
  const params = ({ year, month }: { year: string; month: string }) => parseYearMonth(year, month);
  route(on, bot.businessDays, { params, answer: ZBotBusinessDays }, async ({ params: { year, month } }) => ({
    dates: businessDays(year, month, await loadMonthCalendarSettings(db, year, month)),
  }));
  route(
    on,
    bot.unsubmittedAttendance,
    { params, answer: ZBotUnsubmittedAttendance },
    async ({ params: { year, month } }): Promise<TBotUnsubmittedAttendance> => {
      const employees = await listEmployeesWithoutSubmittedMonth(db, year, month);
      const reach = await larkReachOf(
        db,
        employees.map((e) => e.userId),
      );
      const workflow = await findAttendanceWorkflow(db);
      return {
        year,
        month,
        form_path: formPath(workflow?.id ?? null, year, month),
        employees: employees.map((e) => ({
          user_id: e.userId,
          code: e.code,
          name: e.name,
          open_id: reach.get(e.userId)?.open_id ?? null,
          lookup_email: reach.get(e.userId)?.lookup_email ?? null,
        })),
      };
    },
  );
}
