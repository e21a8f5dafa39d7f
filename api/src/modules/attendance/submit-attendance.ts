// A 勤怠報告 submitted through the workflow engine (POST task/workflows/{id}/form/, and resubmission
// of a sent-back one): the engine calls prepareAttendanceReport instead of its generic form check,
// and `store` inside its transaction. One report an employee and month (01, 02 or 90): another is 409.
import { and, eq } from 'drizzle-orm';
import {
  ATTENDANCE_FILE_FIELD,
  ZAttendanceSubmitInput,
  type TAttendanceTabsResultData,
} from '@portal/shared/contracts/attendance';
import { MAX_UPLOAD_KB } from '@portal/shared/limits';
import { ATTENDANCE_MSG, FIELD_MSG, WORKFLOW_MSG } from '@portal/shared/messages';
import type { TFieldValues } from '@portal/shared/workflow/field-values';
import { contentTypeOf, exceedsUploadLimit, parseUploadString } from '@portal/shared/workflow/upload';
import type { Db } from '../../db/client.ts';
import { attendanceVersions, type TAttendanceData } from '../../db/schema/attendance.ts';
import { attachments } from '../../db/schema/tasks.ts';
import { Conflict, ValidationError } from '../../errors.ts';
import type { Upload } from '../tasks/form-values.ts';
import { findHoldingReport, upsertDraft } from './attendance.repository.ts';
import { checkMonth, fieldErrorsOf } from './check-month.ts';
import { findEmployeeOfUser, loadMonthSetup } from './month-setup.ts';

export interface PreparedAttendanceReport {
  /** The task's values: what the generic task view shows (year, month, remark). */
  readonly values: TFieldValues;
  readonly uploads: Upload[];
  /** Inside the engine's transaction, before its uploads are saved. */
  store(tx: Db, taskId: number): Promise<void>;
}

/** The timesheet of a body: null when none was sent, else the upload, or a field error. */
export function timesheetUpload(value: string | null | undefined): Upload | null {
  if (value === undefined || value === null || value.trim() === '') return null;
  const label = ATTENDANCE_MSG.timesheetLabel;
  const upload = parseUploadString(value);
  if (!upload) throw ValidationError.field(ATTENDANCE_FILE_FIELD, FIELD_MSG.fileInvalid(label));
  if (exceedsUploadLimit(upload.size))
    throw ValidationError.field(ATTENDANCE_FILE_FIELD, FIELD_MSG.fileTooLarge(label, MAX_UPLOAD_KB));
  return {
    fieldName: ATTENDANCE_FILE_FIELD,
    name: upload.filename,
    contentType: contentTypeOf(upload.filename),
    content: Buffer.from(upload.contentBase64, 'base64'),
  };
}

/** The field name a superseded version's timesheet is kept under. */
export function keptTimesheetField(version: number): string {
  return `${ATTENDANCE_FILE_FIELD}@v${version}`;
}

/** Moves the current timesheet aside as `version`'s, so the next one does not replace it. */
export async function keepTimesheetOf(tx: Db, taskId: number, version: number): Promise<void> {
  await tx
    .update(attachments)
    .set({ fieldName: keptTimesheetField(version) })
    .where(and(eq(attachments.taskId, taskId), eq(attachments.fieldName, ATTENDANCE_FILE_FIELD)));
}

/**
 * Checks the body (the contract's ZAttendanceSubmitInput) and the month; `taskId` is the report being
 * resubmitted, null for a new one.
 */
export async function prepareAttendanceReport(
  db: Db,
  userId: number,
  body: unknown,
  taskId: number | null,
): Promise<PreparedAttendanceReport> {
  const parsed = ZAttendanceSubmitInput.safeParse(body ?? {});
  if (!parsed.success) throw fieldErrorsOf(parsed.error);
  const input = parsed.data;
  const employee = await findEmployeeOfUser(db, userId);
  if (!employee) throw ValidationError.field('non_field_errors', WORKFLOW_MSG.notEmployee);
  const setup = await loadMonthSetup(db, employee.id, input.year, input.month);
  const { first, second, remark, default_input } = input;
  const { data, result } = checkMonth({ first, second, remark, default_input }, setup);
  const upload = timesheetUpload(input.work_time_file);
  const key = { employeeId: employee.id, year: input.year, month: input.month };

  const refuseSecond = async (q: Db) => {
    const holding = await findHoldingReport(q, key.employeeId, key.year, key.month);
    if (holding && holding.taskId !== taskId) throw new Conflict(ATTENDANCE_MSG.alreadySubmitted);
  };
  // Refused before the engine plans anything; checked again under the month's lock below.
  await refuseSecond(db);

  return {
    values: {
      year: input.year,
      month: String(input.month).padStart(2, '0'),
      remark: data.remark === '' ? null : data.remark,
      [ATTENDANCE_FILE_FIELD]: null,
    },
    uploads: upload ? [upload] : [],
    async store(tx, id) {
      // The draft row is the month's lock (see my-month.ts): two submissions of one month serialise here.
      await upsertDraft(tx, key, data);
      await refuseSecond(tx);
      const version = await writeVersion(tx, {
        taskId: id,
        // A new report's task was made in this transaction: it has no version yet.
        ...(taskId === null ? { version: 1 } : {}),
        ...key,
        data,
        result,
        createdById: userId,
        isCorrection: false,
      });
      // A resubmission that brings a new file or drops it keeps the sent-back version's file beside it
      // (issue 34: attendance records are kept with every version until their retention).
      if (taskId !== null && (upload || input.file_del)) await keepTimesheetOf(tx, id, version - 1);
    },
  };
}

async function nextVersion(tx: Db, taskId: number): Promise<number> {
  const rows = await tx
    .select({ version: attendanceVersions.version })
    .from(attendanceVersions)
    .where(eq(attendanceVersions.taskId, taskId));
  return Math.max(0, ...rows.map((r) => r.version)) + 1;
}

/**
 * Stores the next version of a report: the submission is version 1, a resubmission after a send-back
 * and an HR correction (`isCorrection`) each add one. Earlier versions are kept: what the approver saw
 * and sent back stays readable (attendance records are kept for years, 労働基準法 §109).
 */
export async function writeVersion(
  tx: Db,
  v: {
    taskId: number;
    employeeId: number;
    year: number;
    month: number;
    data: TAttendanceData;
    result: TAttendanceTabsResultData;
    createdById: number;
    isCorrection: boolean;
    /** The version, when the caller knows it (1 for a report submitted in this transaction). */
    version?: number;
  },
): Promise<number> {
  const version = v.version ?? (await nextVersion(tx, v.taskId));
  await tx.insert(attendanceVersions).values({
    taskId: v.taskId,
    version,
    employeeId: v.employeeId,
    year: v.year,
    month: v.month,
    data: v.data,
    result: v.result,
    createdById: v.createdById,
    isCorrection: v.isCorrection,
  });
  return version;
}
