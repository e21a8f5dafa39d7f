// Demo attendance: the 勤怠報告 form's timesheet field, 人事's right to correct reports, the company calendar (Sunday as 法定休日, the
// year-end days off), and an approved report of last month for 後藤 (営業一課), so the read-only view,
// the lists (hr, kato's org-only view) and the payroll export have something to show. Written through
// the attendance module's own check and the engine's routing. Skipped when the demo people or the
// attendance workflow are missing, and when it has run before.
import { and, asc, eq, isNull } from 'drizzle-orm';
import { applyDefaultInput } from '@portal/shared/attendance/form-rules';
import type { TAttendanceFormDay } from '@portal/shared/attendance/form-state';
import { ATTENDANCE_FILE_FIELD } from '@portal/shared/contracts/attendance';
import { ATTENDANCE_MSG } from '@portal/shared/messages';
import { PERM } from '@portal/shared/permissions';
import { tokyoDate } from '../dates.ts';
import { upsertDraft } from '../modules/attendance/attendance.repository.ts';
import { checkMonth } from '../modules/attendance/check-month.ts';
import {
  defaultData,
  findEmployeeOfUser,
  loadMonthSetup,
  type MonthSetup,
} from '../modules/attendance/month-setup.ts';
import { writeVersion } from '../modules/attendance/submit-attendance.ts';
import { advance, insertFlow, loadNodeDefinitions, planFlow } from '../modules/tasks/flow.ts';
import { loadApplicant } from '../modules/tasks/org-chain.ts';
import type { Db } from '../db/client.ts';
import { DEMO_HR_GROUP } from './demo-company.ts';
import { attendanceVersions } from '../db/schema/attendance.ts';
import { companyCalendar, companyDaysOff } from '../db/schema/calendar.ts';
import { taskNodeApprovers, taskNodes, tasks } from '../db/schema/tasks.ts';
import { groupPermissions, groups, permissions, users } from '../db/schema/users.ts';
import { workflowFields, workflows } from '../db/schema/workflows.ts';

const REPORTER = 'goto';

function previousMonth(now: Date): { year: number; month: number } {
  const [y, m] = tokyoDate(now).split('-').map(Number) as [number, number];
  return m === 1 ? { year: y - 1, month: 12 } : { year: y, month: m - 1 };
}

/** 年末年始: 29–31 December of this year and 2–3 January of the next (1 January is a national holiday). */
function yearEndDaysOff(now: Date): { date: string; name: string }[] {
  const year = Number(tokyoDate(now).slice(0, 4));
  return [`${year}-12-29`, `${year}-12-30`, `${year}-12-31`, `${year + 1}-01-02`, `${year + 1}-01-03`].map(
    (date) => ({ date, name: '年末年始休暇' }),
  );
}

async function approveToTheEnd(tx: Db, taskId: number, at: Date): Promise<void> {
  for (let guard = 0; guard < 10; guard++) {
    const [node] = await tx
      .select({ id: taskNodes.id })
      .from(taskNodes)
      .where(and(eq(taskNodes.taskId, taskId), eq(taskNodes.status, '01')))
      .orderBy(asc(taskNodes.order), asc(taskNodes.id))
      .limit(1);
    if (!node) return;
    const [approver] = await tx
      .select({ userId: taskNodeApprovers.userId })
      .from(taskNodeApprovers)
      .where(eq(taskNodeApprovers.taskNodeId, node.id))
      .orderBy(asc(taskNodeApprovers.userId))
      .limit(1);
    await tx
      .update(taskNodes)
      .set({ status: '90', comment: '承認します。', actedById: approver?.userId ?? null, actedAt: at })
      .where(eq(taskNodes.id, node.id));
    await advance(tx, taskId);
  }
}

/** A month with every business day worked at the contract hours; `lateDay` makes the first one run to 23:00. */
export function workedMonth(setup: MonthSetup, remark: string, lateDay: boolean) {
  const { year, month } = setup;
  const base = defaultData(setup);
  const filled = applyDefaultInput(
    { year, month, first: base.first.days, second: base.second.days },
    'first',
    setup.calendar,
    setup.contract.first,
  );
  const days: TAttendanceFormDay[] = filled.first.map((d) => ({ ...d }));
  const worked = days.findIndex((d) => d.type === '01');
  if (lateDay && worked >= 0) days[worked] = { ...days[worked]!, end: '23:00' };
  return checkMonth({ ...base, first: { ...base.first, days }, remark }, setup);
}

/** The month of each 勤怠報告 task that has none yet, as version 1 and the month's draft. */
async function fillReportedMonths(tx: Db, workflowId: number): Promise<void> {
  const reports = await tx
    .select({ id: tasks.id, applicantId: tasks.applicantId, values: tasks.values })
    .from(tasks)
    .leftJoin(attendanceVersions, eq(attendanceVersions.taskId, tasks.id))
    .where(and(eq(tasks.workflowId, workflowId), isNull(attendanceVersions.id)))
    .orderBy(asc(tasks.id));
  for (const report of reports) {
    const values = report.values as { year?: unknown; month?: unknown; remark?: unknown };
    const year = Number(values.year);
    const month = Number(values.month);
    const employee = await findEmployeeOfUser(tx, report.applicantId);
    if (!employee || !Number.isInteger(year) || !Number.isInteger(month))
      throw new Error(`demo seed: 勤怠報告 ${report.id} names no month of an employee`);
    const setup = await loadMonthSetup(tx, employee.id, year, month);
    const remark = typeof values.remark === 'string' ? values.remark : '';
    const { data, result } = workedMonth(setup, remark, false);
    await upsertDraft(tx, { employeeId: employee.id, year, month }, data);
    await writeVersion(tx, {
      taskId: report.id,
      employeeId: employee.id,
      year,
      month,
      data,
      result,
      createdById: report.applicantId,
      isCorrection: false,
    });
  }
}

/**
 * The 勤怠報告 form's timesheet field and the company calendar (Sunday as 法定休日, the year-end days
 * off): what a company's attendance needs before any month is written. The large seed shares it.
 */
export async function prepareAttendance(tx: Db, workflowId: number, now: Date): Promise<void> {
  const fields = await tx
    .select({ name: workflowFields.name })
    .from(workflowFields)
    .where(eq(workflowFields.workflowId, workflowId));
  if (!fields.some((f) => f.name === ATTENDANCE_FILE_FIELD))
    await tx.insert(workflowFields).values({
      workflowId,
      name: ATTENDANCE_FILE_FIELD,
      label: ATTENDANCE_MSG.timesheetLabel,
      dataType: 'file',
      order: 3,
    });
  await tx.insert(companyCalendar).values({ id: 1, legalHolidayWeekday: 0 }).onConflictDoNothing();
  await tx.insert(companyDaysOff).values(yearEndDaysOff(now)).onConflictDoNothing();
}

export async function seedDemoAttendance(tx: Db, now: Date): Promise<void> {
  const [workflow] = await tx
    .select({ id: workflows.id })
    .from(workflows)
    .where(eq(workflows.kind, 'attendance'))
    .orderBy(asc(workflows.id))
    .limit(1);
  const [reporter] = await tx.select({ id: users.id }).from(users).where(eq(users.username, REPORTER));
  const [done] = await tx.select({ id: attendanceVersions.id }).from(attendanceVersions).limit(1);
  if (!workflow || !reporter || done) return;

  await prepareAttendance(tx, workflow.id, now);

  // 人事 corrects approved reports (PERM.changeAttendance, docs/decisions.md).
  const [hr] = await tx.select({ id: groups.id }).from(groups).where(eq(groups.name, DEMO_HR_GROUP.name));
  const [perm] = await tx
    .select({ id: permissions.id })
    .from(permissions)
    .where(eq(permissions.codename, PERM.changeAttendance));
  if (hr && perm)
    await tx.insert(groupPermissions).values({ groupId: hr.id, permissionId: perm.id }).onConflictDoNothing();

  // Every 勤怠報告 the workflow seed wrote (nishimura's, awaiting 鈴木) gets the month it reports: a
  // report without its days would open on an empty sheet (issue 12, acceptance 4).
  await fillReportedMonths(tx, workflow.id);

  // 後藤's last month: every business day worked, a long day with night work, approved by 小林 (課長).
  const { year, month } = previousMonth(now);
  const employee = (await findEmployeeOfUser(tx, reporter.id))!;
  const setup = await loadMonthSetup(tx, employee.id, year, month);
  const { data, result } = workedMonth(setup, '月末に客先対応で深夜作業がありました。', true);

  const applicant = await loadApplicant(tx, reporter.id);
  const plan = await planFlow(tx, await loadNodeDefinitions(tx, workflow.id), applicant);
  const submittedAt = new Date(
    now.getTime() - 86_400_000 * Math.min(5, Number(tokyoDate(now).slice(8, 10)) - 1),
  );
  const [task] = await tx
    .insert(tasks)
    .values({
      workflowId: workflow.id,
      applicantId: reporter.id,
      employeeId: employee.id,
      organizationId: applicant.chain[0]?.id ?? null,
      values: {
        year,
        month: String(month).padStart(2, '0'),
        remark: data.remark,
        [ATTENDANCE_FILE_FIELD]: null,
      },
      createdAt: submittedAt,
      updatedAt: submittedAt,
    })
    .returning();
  await insertFlow(tx, task!.id, reporter.id, plan);
  await advance(tx, task!.id);
  await approveToTheEnd(tx, task!.id, new Date(submittedAt.getTime() + 3_600_000));
  await upsertDraft(tx, { employeeId: employee.id, year, month }, data);
  await writeVersion(tx, {
    taskId: task!.id,
    employeeId: employee.id,
    year,
    month,
    data,
    result,
    createdById: reporter.id,
    isCorrection: false,
  });
}
