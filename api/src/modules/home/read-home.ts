// GET home/: /home's cards in one request — this month's attendance, paid leave, the next company days
// off, the caller's most used workflows and the newest お知らせ.
import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import { nationalHolidayName } from '@portal/shared/calendar/business-days';
import type { TAttendanceMonthStatus } from '@portal/shared/contracts/attendance';
import type { THome } from '@portal/shared/contracts/home';
import type { RequestContext } from '../../context.ts';
import { tokyoDate } from '../../dates.ts';
import { companyDaysOff } from '../../db/schema/calendar.ts';
import { tasks } from '../../db/schema/tasks.ts';
import { workflows } from '../../db/schema/workflows.ts';
import { NotFound } from '../../errors.ts';
import { findAttendanceWorkflow, findDraft, findHoldingReport } from '../attendance/attendance.repository.ts';
import { findEmployeeOfUser } from '../attendance/month-setup.ts';
import { monthStatusName } from '../attendance/my-month.ts';
import { newestNotices } from '../notices/read-notices.ts';
import { myPaidLeave } from '../vacations/vacations.service.ts';

const DAYS_OFF_SHOWN = 3;
const FREQUENT_SHOWN = 3;

async function attendanceOfMonth(ctx: RequestContext, today: string): Promise<THome['attendance']> {
  const employee = await findEmployeeOfUser(ctx.db, ctx.user.id);
  if (!employee) return null;
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const [holding, draft, workflow] = await Promise.all([
    findHoldingReport(ctx.db, employee.id, year, month),
    findDraft(ctx.db, employee.id, year, month),
    findAttendanceWorkflow(ctx.db),
  ]);
  // As the attendance screen reads it (attendance/my-month.ts).
  const status: TAttendanceMonthStatus = holding
    ? (holding.status as TAttendanceMonthStatus)
    : draft
      ? 'draft'
      : 'none';
  return {
    year,
    month,
    status,
    status_name: monthStatusName(status),
    task_id: holding?.taskId ?? null,
    workflow_id: workflow?.id ?? null,
  };
}

async function paidLeave(ctx: RequestContext): Promise<THome['paid_leave']> {
  try {
    const status = await myPaidLeave({ ctx });
    const lapsing = status.grants.find((g) => g.remaining_days > 0);
    return {
      remaining_days: status.remaining_days,
      next_lapse: lapsing ? { date: lapsing.expires_on, days: lapsing.remaining_days } : null,
      obligation: status.obligation
        ? {
            required_days: status.obligation.required_days,
            taken_days: status.obligation.taken_days,
            deadline: status.obligation.deadline,
          }
        : null,
    };
  } catch (error) {
    // No employee record: the card is left out.
    if (error instanceof NotFound) return null;
    throw error;
  }
}

function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** The next national holidays and company days off after today, within a year. */
async function nextDaysOff(ctx: RequestContext, today: string): Promise<THome['days_off']> {
  const own = await ctx.db
    .select({ date: companyDaysOff.date, name: companyDaysOff.name })
    .from(companyDaysOff)
    .where(and(sql`${companyDaysOff.date} > ${today}`, sql`${companyDaysOff.date} <= ${addDays(today, 366)}`))
    .orderBy(companyDaysOff.date)
    .limit(DAYS_OFF_SHOWN);
  const ownByDate = new Map(own.map((d) => [d.date, d.name]));
  const out: THome['days_off'] = [];
  for (let i = 1; i <= 366 && out.length < DAYS_OFF_SHOWN; i++) {
    const date = addDays(today, i);
    const holiday = nationalHolidayName(date);
    const mine = ownByDate.get(date);
    if (holiday !== null || mine !== undefined) out.push({ date, name: holiday ?? (mine || '会社休日') });
  }
  return out;
}

async function frequentWorkflows(ctx: RequestContext, today: string): Promise<THome['frequent_workflows']> {
  const submitted = count(tasks.id);
  const rows = await ctx.db
    .select({ id: workflows.id, name: workflows.name, count: submitted })
    .from(tasks)
    .innerJoin(workflows, eq(workflows.id, tasks.workflowId))
    .where(
      and(
        eq(tasks.applicantId, ctx.user.id),
        eq(workflows.isActive, true),
        gte(
          tasks.createdAt,
          sql`(${today}::date - interval '12 months')::timestamp at time zone 'Asia/Tokyo'`,
        ),
      ),
    )
    .groupBy(workflows.id, workflows.name)
    .orderBy(desc(submitted), workflows.id)
    .limit(FREQUENT_SHOWN);
  return rows.map((row) => ({ id: row.id, name: row.name, count: Number(row.count) }));
}

export async function readHome({ ctx }: { ctx: RequestContext }): Promise<THome> {
  const today = tokyoDate();
  const [attendance, paid_leave, days_off, frequent_workflows, notices] = await Promise.all([
    attendanceOfMonth(ctx, today),
    paidLeave(ctx),
    nextDaysOff(ctx, today),
    frequentWorkflows(ctx, today),
    newestNotices(ctx),
  ]);
  return { attendance, paid_leave, days_off, frequent_workflows, notices };
}
