// Monthly attendance (spec §2.5, §2.6, §3.10, §4.4, §7.5): the month an employee enters, its draft,
// its submission as a 勤怠報告 request, the read-only view, HR corrections, the lists and exports.
//
// The wire shape is structured, not the legacy flat names: `first` is the in-house tab (spec fields
// without a suffix), `second` the on-site tab (suffix _2), the merged view (suffix _3) is computed.
// Figures are never taken from the client: the server runs computeAttendanceTabs on every save and
// answers its result; anything like `result` or `totals` in a request body is ignored.
//
// Field errors (400, `{key: ["…"]}`) use these keys, so the web can put each under its cell:
// - `first.days.{D}.type|start|end`, `second.days.{D}.…` — D is the DAY OF THE MONTH (1-based), not
//   the array index; `merged.days.{D}.type` when only the merged view of the day is wrong;
// - `first.settings.work_start_time` … (settings fields; `first.settings.breaks.{i}.start`);
// - `first.days` (wrong number of days), `remark`, `work_time_file`, `year`, `month`.
// A save that has any field error saves nothing: the stored draft stays as it was.
import { z } from 'zod';
import {
  ZAttendanceCalendar,
  ZAttendanceResult,
  ZAttendanceSettings,
  ZAttendanceTotals,
  type TAttendanceTotals,
} from '../attendance/schema.ts';
import { ZAttendanceFormDay } from '../attendance/form-state.ts';
import { TASK_STATUSES } from '../codes.ts';
import { ZPageQuery } from './pagination.ts';
import { ZVacation } from './vacations.ts';

export { ZAttendanceFormDay, ZAttendanceSettings };
export type { TAttendanceFormDay } from '../attendance/form-state.ts';
export type { TAttendanceSettings } from '../attendance/schema.ts';

export const ATTENDANCE_REMARK_MAX_LENGTH = 1000;
/** The timesheet's field name, on the task (an attachment row) and in request bodies. */
export const ATTENDANCE_FILE_FIELD = 'work_time_file';

export type TAttendanceSet = 'first' | 'second' | 'merged';
export type TAttendanceDayField = 'type' | 'start' | 'end';

/** The field-error key of one cell: `first.days.12.end` is the in-house tab's end time of the 12th. */
export function dayFieldKey(set: TAttendanceSet, day: number, field: TAttendanceDayField): string {
  return `${set}.days.${day}.${field}`;
}

/** The reverse of dayFieldKey, or null for a key that names no cell. */
export function parseDayFieldKey(
  key: string,
): { set: TAttendanceSet; day: number; field: TAttendanceDayField } | null {
  const match = /^(first|second|merged)\.days\.(\d{1,2})\.(type|start|end)$/.exec(key);
  if (!match) return null;
  return {
    set: match[1] as TAttendanceSet,
    day: Number(match[2]),
    field: match[3] as TAttendanceDayField,
  };
}

/** One tab as entered: its settings and one day a date (index 0 = the 1st; `locked` is recomputed). */
export const ZAttendanceTabInput = z.object({
  settings: ZAttendanceSettings,
  days: z.array(ZAttendanceFormDay).max(31),
});
export type TAttendanceTabInput = z.infer<typeof ZAttendanceTabInput>;

/**
 * PUT /api/attendance/year/{y}/month/{m}/ — save my month's draft (any time before submission, and
 * while a submission is sent back). 200 ZAttendanceMonth. 409 ATTENDANCE_MSG.notEditable while the
 * month is submitted (01) or approved (90). Both tabs must hold exactly the month's days.
 */
export const ZAttendanceDraftInput = z.object({
  first: ZAttendanceTabInput,
  second: ZAttendanceTabInput,
  remark: z.string().max(ATTENDANCE_REMARK_MAX_LENGTH).default(''),
  /** The 'default attendance input' checkbox, kept so the screen shows it as it was. */
  default_input: z.boolean().default(false),
});
export type TAttendanceDraftInput = z.input<typeof ZAttendanceDraftInput>;

/**
 * Submission: POST /api/task/workflows/{workflow_id}/form/ to the 勤怠報告 workflow (kind
 * 'attendance', `workflow_id` of ZAttendanceMonth) → 201 ZTask; resubmission of a sent-back report:
 * POST /api/task/tasks/{id}/resubmit/ with the same body → 200 ZTask. One report an employee and
 * month: while one is 01, 02 or 90 another is refused with 409 ATTENDANCE_MSG.alreadySubmitted
 * (a rejected or withdrawn one frees the month). The draft is saved with the submission.
 * - `work_time_file`: the timesheet, `name:{base64 filename};{base64 content}`, ≤ 2,097,152 bytes
 *   (else 400 `{work_time_file: ["タイムシート のサイズは 2048KB 以下にしてください。"]}`; a body over
 *   4 MB is 413). Empty/absent keeps the file already attached (resubmission, correction).
 * - `file_del`: true removes the attached timesheet.
 */
export const ZAttendanceSubmitInput = ZAttendanceDraftInput.extend({
  year: z.number().int().min(2000).max(2100),
  month: z.number().int().min(1).max(12),
  work_time_file: z.string().nullish(),
  file_del: z.boolean().default(false),
});
export type TAttendanceSubmitInput = z.input<typeof ZAttendanceSubmitInput>;

/**
 * PUT /api/attendance/tasks/modify-details/{task_id}/ — HR correction of an approved (90) report:
 * PERM.changeAttendance, else 404 (when the report is not visible) or 403; 409
 * ATTENDANCE_MSG.correctionNotAllowed when the task is not approved. The previous version is kept;
 * the answer (ZAttendanceDetails) carries '{editor} が {time} に編集しました'.
 * GET on the same path answers ZAttendanceDetails of the latest version (what the edit form starts from).
 */
export const ZAttendanceCorrectionInput = ZAttendanceDraftInput.omit({ default_input: true }).extend({
  work_time_file: z.string().nullish(),
  file_del: z.boolean().default(false),
});
export type TAttendanceCorrectionInput = z.input<typeof ZAttendanceCorrectionInput>;

/**
 * Where a month stands: 'none' nothing saved; 'draft' saved, not submitted (or the last report was
 * rejected/withdrawn); '01' 申請中, '02' 差戻し, '90' 完了 — the report's task status.
 */
export const ATTENDANCE_MONTH_STATUSES = [
  { value: 'none', label: '未入力' },
  { value: 'draft', label: '下書き' },
  ...TASK_STATUSES.filter((s) => s.value === '01' || s.value === '02' || s.value === '90'),
] as const;
export const ZAttendanceMonthStatus = z.enum(['none', 'draft', '01', '02', '90']);
export type TAttendanceMonthStatus = z.infer<typeof ZAttendanceMonthStatus>;

/** The attached timesheet; download it with GET /api/attachment/{id}/download/. */
export const ZAttendanceAttachment = z.object({
  id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
});
export type TAttendanceAttachment = z.infer<typeof ZAttendanceAttachment>;

export const ZAttendanceTab = z.object({
  settings: ZAttendanceSettings,
  days: z.array(ZAttendanceFormDay),
});
export type TAttendanceTabData = z.infer<typeof ZAttendanceTab>;

/** computeAttendanceTabs' answer: each tab's days and totals, and the merged view's. */
export const ZAttendanceTabsResult = z.object({
  first: ZAttendanceResult,
  second: ZAttendanceResult,
  merged: ZAttendanceResult,
});
export type TAttendanceTabsResultData = z.infer<typeof ZAttendanceTabsResult>;

/** A tab's contract working hours (work_start_time / work_end_time), `HH:MM`. */
export const ZContractTimes = z.object({ start: z.string(), end: z.string() });

export const ZAttendanceEmployee = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
});

/** What the entry form and the read-only view both show of a month. */
const ZAttendanceSheet = z.object({
  year: z.number().int(),
  month: z.number().int(),
  employee: ZAttendanceEmployee,
  /** Every date of the month and the 1st of the next: 'work' | 'nonlegal' | 'legal'. */
  calendar: ZAttendanceCalendar,
  /** The month's 所定労働日 (= task/business-days). */
  business_days: z.array(z.string()),
  first: ZAttendanceTab,
  second: ZAttendanceTab,
  remark: z.string(),
  attachment: ZAttendanceAttachment.nullable(),
  /** Leave of the month (spec §2.6 leave history table, §3.6). */
  vacations: z.array(ZVacation),
  /** The server's figures for what is stored (never the client's). */
  result: ZAttendanceTabsResult,
});

/**
 * GET /api/attendance/year/{y}/month/{m}/ — my month: the saved draft, or, when nothing is saved,
 * defaults built from my contract and the calendar (empty days, holidays locked as 10, days after the
 * contract end locked, paid leave of the month filled in). While a report is 01 or 90 the days are the
 * report's (latest version) and `editable` is false. 404 without an employee record.
 */
export const ZAttendanceMonth = ZAttendanceSheet.extend({
  status: ZAttendanceMonthStatus,
  status_name: z.string(),
  /** The report of this month (01, 02, 90), else null. */
  task_id: z.number().int().nullable(),
  /** The 勤怠報告 workflow to submit to; null when none is active. */
  workflow_id: z.number().int().nullable(),
  /** Draft save and submission allowed ('none', 'draft', '02'). */
  editable: z.boolean(),
  default_input: z.boolean(),
  saved_at: z.string().nullable(),
  contract: z.object({
    first: ZContractTimes,
    second: ZContractTimes,
    /** The contract's last day, YYYY-MM-DD; days after it are locked. */
    end_date: z.string().nullable(),
  }),
});
export type TAttendanceMonth = z.infer<typeof ZAttendanceMonth>;

/**
 * GET /api/attendance/tasks/details/{task_id}/ (`?version=N` for an earlier version) — the read-only
 * view of spec §2.5. Visible to the employee, the request's approvers and observers, holders of
 * employee.view_attendance, and of employee.view_attendance_org_only for their organisations; else 404.
 */
export const ZAttendanceDetails = ZAttendanceSheet.extend({
  task_id: z.number().int(),
  task_status: z.string(),
  task_status_name: z.string(),
  /** 所定労働日 of the month (spec §2.5 title line). */
  basic_attendance_day: z.number().int(),
  version: z.number().int(),
  latest_version: z.number().int(),
  /** The last HR correction of the shown version, else null. */
  edited_by: z.string().nullable(),
  edited_at: z.string().nullable(),
  /** ATTENDANCE_MSG.editedLine(edited_by, edited_at 'YYYY-MM-DD HH:mm'), else null. */
  edited_line: z.string().nullable(),
  /** The edit button (spec §2.5 flag): PERM.changeAttendance and the task approved (90). */
  can_edit: z.boolean(),
});
export type TAttendanceDetails = z.infer<typeof ZAttendanceDetails>;

/**
 * One stored version of a report: the submission, each resubmission after a send-back, and HR
 * corrections, every one kept (労働基準法 §109).
 */
export const ZAttendanceVersion = z.object({
  version: z.number().int(),
  editor_name: z.string(),
  created_at: z.string(),
  is_correction: z.boolean(),
  totals: ZAttendanceTotals,
  /** The approver's comment when this version was sent back (差戻し), and when; null otherwise. */
  send_back_comment: z.string().nullable(),
  sent_back_at: z.string().nullable(),
});
export type TAttendanceVersion = z.infer<typeof ZAttendanceVersion>;

/** GET /api/attendance/{task_id}/ — a report and its versions, newest first (same visibility as details). */
export const ZAttendanceReport = z.object({
  task_id: z.number().int(),
  task_status: z.string(),
  task_status_name: z.string(),
  year: z.number().int(),
  month: z.number().int(),
  employee: ZAttendanceEmployee,
  versions: z.array(ZAttendanceVersion),
});
export type TAttendanceReport = z.infer<typeof ZAttendanceReport>;

/**
 * GET /api/attendance/employees/?year=&month=&organization=&query=&page= — the list behind
 * /employee/attendance/{id} ({id} = an organisation id; 0 = every employee one may see): employees
 * one may see (employee.view_attendance: all; employee.view_attendance_org_only: those of one's own
 * organisations and below), with the month's status. Others get 403. 10 a page, by employee code.
 */
export const ZAttendanceEmployeeListQuery = ZPageQuery.extend({
  year: z.coerce.number().int().min(2000).max(2100),
  month: z.coerce.number().int().min(1).max(12),
  organization: z.coerce.number().int().min(0).optional(),
  query: z.string().max(100).optional(),
});
export type TAttendanceEmployeeListQuery = z.infer<typeof ZAttendanceEmployeeListQuery>;

/**
 * GET /api/attendance/tasks/details/{task_id}/?version=N — as sent: a version that is not a number
 * names none, so the API answers 404 for it as for a bad id, not 400.
 */
export const ZAttendanceDetailsQuery = z.object({
  version: z.union([z.string(), z.array(z.string())]).optional(),
});

export const ZAttendanceEmployeeListItem = z.object({
  employee_id: z.number().int(),
  employee_code: z.string(),
  employee_name: z.string(),
  org_name: z.string().nullable(),
  status: ZAttendanceMonthStatus,
  status_name: z.string(),
  /** The report, for /task/… and attendance/tasks/details/{task_id}/; null before submission. */
  task_id: z.number().int().nullable(),
  submitted_at: z.string().nullable(),
  /** Minutes of the merged view of the latest version (null before submission). */
  total_work_time: z.number().int().nullable(),
  over_time: z.number().int().nullable(),
});
export type TAttendanceEmployeeListItem = z.infer<typeof ZAttendanceEmployeeListItem>;

/**
 * GET /api/attendance/tasks/details/{task_id}/file/ — the report's timesheet as ZAttachmentDownload
 * (`{name, content (base64), content_type, size}`), for everyone who may see the report (the task's
 * own attachment/{id}/download/ serves only those who may see the task).
 *
 * Downloads (binary, `Content-Disposition: attachment; filename*=UTF-8''…`; fetch them as a blob):
 * - GET /api/attendance/download/{y}/{m}/ — my month as .xlsx (sheets 社内, 現場, 合算; Japanese
 *   headers; the figures of ZAttendanceMonth.result, times as H:MM);
 * - GET /api/expense/attendance/year/{y}/month/{m}/ — every employee's submitted or approved month in
 *   one .xlsx, one row an employee (PERM.viewExpenseAttendance, else 403);
 * - GET /api/attendance/pdf/{y}/{m}/ — my month as PDF; GET /api/attendance/tasks/pdf/{task_id}/ —
 *   a report as PDF (same visibility as details). Japanese text in Noto Sans CJK.
 */
export const ATTENDANCE_XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Japanese labels of the month's totals, in the order the screens and exports list them. */
export const ATTENDANCE_TOTAL_LABELS = [
  { key: 'basic_attendance_day', label: '所定労働日数', unit: 'days' },
  { key: 'attendance_days', label: '出勤日数', unit: 'days' },
  { key: 'attendance_time', label: '所定内労働時間', unit: 'minutes' },
  { key: 'total_work_time', label: '総労働時間', unit: 'minutes' },
  { key: 'early_over_time', label: '早出時間', unit: 'minutes' },
  { key: 'over_time', label: '残業時間', unit: 'minutes' },
  { key: 'night_over_time', label: '深夜時間', unit: 'minutes' },
  { key: 'legal_holiday', label: '法定休日出勤日数', unit: 'days' },
  { key: 'legal_holiday_time', label: '法定休日労働時間', unit: 'minutes' },
  { key: 'legal_holiday_over', label: '法定休日時間外', unit: 'minutes' },
  { key: 'legal_holiday_night', label: '法定休日深夜', unit: 'minutes' },
  { key: 'nonlegal_hol', label: '所定休日出勤日数', unit: 'days' },
  { key: 'nonlegal_hol_time', label: '所定休日労働時間', unit: 'minutes' },
  { key: 'nonlegal_hol_over', label: '所定休日時間外', unit: 'minutes' },
  { key: 'nonlegal_hol_night', label: '所定休日深夜', unit: 'minutes' },
  { key: 'compensatory_days', label: '代休日数', unit: 'days' },
  { key: 'compensatory_leave', label: '代休時間', unit: 'minutes' },
  { key: 'paid_vacation_days', label: '有給休暇日数', unit: 'days' },
  { key: 'paid_vacation_time', label: '有給休暇時間', unit: 'minutes' },
  { key: 'absence_days', label: '欠勤日数', unit: 'days' },
  { key: 'absence_time', label: '遅刻・早退・外出時間', unit: 'minutes' },
  { key: 'absence_calculate', label: '控除時間', unit: 'minutes' },
  { key: 'excess_over', label: '60時間超残業', unit: 'minutes' },
  { key: 'amount_time', label: '合計時間', unit: 'minutes' },
] as const satisfies readonly { key: keyof TAttendanceTotals; label: string; unit: 'days' | 'minutes' }[];

/** Japanese headers of the daily table (spec §2.5), as the exports write them. */
export const ATTENDANCE_DAY_HEADERS = {
  day: '日',
  weekday: '曜日',
  type: '区分',
  clockIn: '出勤',
  clockOut: '退勤',
  basicStart: '開始',
  basicEnd: '終了',
  basicTime: '基本時間',
  over: '早出・残業',
  night: '深夜',
  total: '合計',
  firstType: '社内区分',
  secondType: '現場区分',
  stepOut: '外出時間',
} as const;

export const ATTENDANCE_TAB_NAMES = { first: '社内', second: '現場', merged: '合算' } as const;
