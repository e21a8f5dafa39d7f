// A submitted report, for everyone who may see it: the read-only view of spec §2.5
// (attendance/tasks/details/{id}/), its versions (attendance/{id}/), its timesheet, and the HR
// correction of an approved report (attendance/tasks/modify-details/{id}/), which keeps the version
// before it and records who edited it and when.
import { and, eq } from 'drizzle-orm';
import { labelOf, TASK_STATUSES } from '@portal/shared/codes';
import type { TAttachmentDownload } from '@portal/shared/contracts/attachments';
import {
  ATTENDANCE_FILE_FIELD,
  ZAttendanceCorrectionInput,
  type TAttendanceDetails,
  type TAttendanceReport,
} from '@portal/shared/contracts/attendance';
import { ATTENDANCE_MSG } from '@portal/shared/messages';
import { PERM } from '@portal/shared/permissions';
import type { RequestContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { attachments, tasks } from '../../db/schema/tasks.ts';
import { Conflict, NotFound, PermissionDenied } from '../../errors.ts';
import { lockTask } from '../tasks/flow.ts';
import { saveUploads } from '../tasks/form-values.ts';
import { userNames } from '../people/display-names.ts';
import { listSendBacks, listVersions } from './attendance.repository.ts';
import { checkMonth, fieldErrorsOf } from './check-month.ts';
import { findEmployee, loadMonthSetup, type EmployeeRef, type MonthSetup } from './month-setup.ts';
import { findTimesheet, toSheet } from './sheet.ts';
import { keepTimesheetOf, timesheetUpload, writeVersion } from './submit-attendance.ts';
import { findVisibleReport, type AttendanceTask } from './visibility.ts';
import { logRead } from '../access-log/log-access.ts';

const TOKYO_MINUTE = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** 'YYYY-MM-DD HH:mm' in Asia/Tokyo (spec §9 notification time format). */
export function tokyoMinute(at: Date): string {
  return TOKYO_MINUTE.format(at);
}

async function employeeOf(db: Db, task: AttendanceTask): Promise<EmployeeRef> {
  const employee = task.employeeId === null ? null : await findEmployee(db, task.employeeId);
  if (!employee) throw new NotFound();
  return employee;
}

/**
 * The report as the screens show it. `known`: what the caller has read already (the correction: the
 * employee, and the setup of the month the shown version is of), so it is not read twice.
 */
async function detailsOf(
  ctx: RequestContext,
  task: AttendanceTask,
  version: number | undefined,
  known: { employee?: EmployeeRef; setup?: MonthSetup } = {},
): Promise<TAttendanceDetails> {
  const versions = await listVersions(ctx.db, task.id);
  const latest = versions[0];
  const shown = version === undefined ? latest : versions.find((v) => v.version === version);
  if (!latest || !shown) throw new NotFound();
  const employee = known.employee ?? (await employeeOf(ctx.db, task));
  const [setup, attachment, canCorrect] = await Promise.all([
    known.setup ?? loadMonthSetup(ctx.db, employee.id, shown.year, shown.month),
    findTimesheet(ctx.db, task.id),
    ctx.can(PERM.changeAttendance),
  ]);
  let editedBy: string | null = null;
  let editedAt: string | null = null;
  if (shown.isCorrection) {
    const names = shown.createdById === null ? new Map() : await userNames(ctx.db, [shown.createdById]);
    editedBy = (shown.createdById !== null && names.get(shown.createdById)) || '';
    editedAt = tokyoMinute(shown.createdAt);
  }
  return {
    ...toSheet(employee, setup, shown.data, shown.result, attachment),
    task_id: task.id,
    task_status: task.status,
    task_status_name: labelOf(TASK_STATUSES, task.status),
    basic_attendance_day: shown.result.merged.totals.basic_attendance_day,
    version: shown.version,
    latest_version: latest.version,
    edited_by: editedBy,
    edited_at: editedAt,
    edited_line:
      editedBy !== null && editedAt !== null ? ATTENDANCE_MSG.editedLine(editedBy, editedAt) : null,
    can_edit: canCorrect && task.status === '90' && task.applicantId !== ctx.user.id,
  };
}

export async function getReportDetails({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { taskId: number; version?: number };
}): Promise<TAttendanceDetails> {
  const task = await findVisibleReport(ctx, input.taskId);
  const employee = await employeeOf(ctx.db, task);
  await logRead(ctx, { action: 'view', kind: 'attendance', recordId: task.id, subject: employee });
  return detailsOf(ctx, task, input.version, { employee });
}

/** The send-back that followed `version` before the next version was stored, if any. */
function sendBackOf(
  version: { version: number; createdAt: Date },
  versions: readonly { version: number; createdAt: Date }[],
  sendBacks: readonly { comment: string | null; createdAt: Date }[],
): { send_back_comment: string | null; sent_back_at: string | null } {
  const next = versions.find((v) => v.version === version.version + 1);
  const found = sendBacks.find(
    (s) => s.createdAt >= version.createdAt && (!next || s.createdAt <= next.createdAt),
  );
  return found
    ? { send_back_comment: found.comment ?? '', sent_back_at: found.createdAt.toISOString() }
    : { send_back_comment: null, sent_back_at: null };
}

export async function getReport({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { taskId: number };
}): Promise<TAttendanceReport> {
  const task = await findVisibleReport(ctx, input.taskId);
  const employee = await employeeOf(ctx.db, task);
  await logRead(ctx, { action: 'view', kind: 'attendance', recordId: task.id, subject: employee });
  const versions = await listVersions(ctx.db, task.id);
  if (versions.length === 0) throw new NotFound();
  const [names, sendBacks] = await Promise.all([
    userNames(
      ctx.db,
      versions.flatMap((v) => (v.createdById === null ? [] : [v.createdById])),
    ),
    listSendBacks(ctx.db, task.id),
  ]);
  return {
    task_id: task.id,
    task_status: task.status,
    task_status_name: labelOf(TASK_STATUSES, task.status),
    year: versions[0]!.year,
    month: versions[0]!.month,
    employee: { id: employee.id, code: employee.code, name: employee.name },
    versions: versions.map((v) => ({
      version: v.version,
      editor_name: (v.createdById !== null && names.get(v.createdById)) || '',
      created_at: v.createdAt.toISOString(),
      is_correction: v.isCorrection,
      totals: v.result.merged.totals,
      ...sendBackOf(v, versions, sendBacks),
    })),
  };
}

/** GET attendance/tasks/details/{id}/file/: the timesheet, for everyone who may see the report. */
export async function downloadTimesheet({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { taskId: number };
}): Promise<TAttachmentDownload> {
  const task = await findVisibleReport(ctx, input.taskId);
  const [row] = await ctx.db
    .select()
    .from(attachments)
    .where(and(eq(attachments.taskId, task.id), eq(attachments.fieldName, ATTENDANCE_FILE_FIELD)));
  if (!row) throw new NotFound();
  if (task.employeeId !== null)
    await logRead(ctx, {
      action: 'download',
      kind: 'attendance',
      recordId: task.id,
      subject: task.employeeId,
    });
  return {
    name: row.name,
    content: row.content.toString('base64'),
    content_type: row.contentType,
    size: row.content.length,
  };
}

async function correctableReport(ctx: RequestContext, taskId: number): Promise<AttendanceTask> {
  const task = await findVisibleReport(ctx, taskId);
  await ctx.require(PERM.changeAttendance);
  // Separation of duties: nobody corrects their own report; another holder of the permission does.
  if (task.applicantId === ctx.user.id) throw new PermissionDenied(ATTENDANCE_MSG.ownCorrection);
  return task;
}

export async function getCorrection({ ctx, input }: { ctx: RequestContext; input: { taskId: number } }) {
  return detailsOf(ctx, await correctableReport(ctx, input.taskId), undefined);
}

export async function correctReport({
  ctx,
  input,
}: {
  ctx: RequestContext;
  input: { taskId: number; body: unknown };
}): Promise<TAttendanceDetails> {
  const task = await correctableReport(ctx, input.taskId);
  const parsed = ZAttendanceCorrectionInput.safeParse(input.body ?? {});
  if (!parsed.success) throw fieldErrorsOf(parsed.error);
  if (task.status !== '90') throw new Conflict(ATTENDANCE_MSG.correctionNotAllowed);
  const [latest] = await listVersions(ctx.db, task.id);
  if (!latest) throw new NotFound();
  const employee = await employeeOf(ctx.db, task);
  const setup = await loadMonthSetup(ctx.db, employee.id, latest.year, latest.month);
  const { first, second, remark } = parsed.data;
  const { data, result } = checkMonth(
    { first, second, remark, default_input: latest.data.default_input },
    setup,
  );
  const upload = timesheetUpload(parsed.data.work_time_file);

  await ctx.db.transaction(async (tx) => {
    const locked = await lockTask(tx, task.id);
    if (!locked || locked.status !== '90') throw new Conflict(ATTENDANCE_MSG.correctionNotAllowed);
    const version = await writeVersion(tx, {
      taskId: task.id,
      employeeId: employee.id,
      year: latest.year,
      month: latest.month,
      data,
      result,
      createdById: ctx.user.id,
      isCorrection: true,
    });
    // The corrected version's file is kept beside the correction's (issue 34).
    if (upload || parsed.data.file_del) await keepTimesheetOf(tx, task.id, version - 1);
    if (upload) await saveUploads(tx, task.id, [upload]);
    await tx
      .update(tasks)
      .set({ values: { ...locked.values, remark: remark === '' ? null : remark }, updatedAt: new Date() })
      .where(eq(tasks.id, task.id));
  });
  // The versions are read again: the correction has just added the one shown, with its time.
  return detailsOf(ctx, task, undefined, { employee, setup });
}
