// The request in the compact form of spec §2.4: organisation and applicant, then the key fields —
// an attendance report its month totals, a vacation its dates, days and remaining paid leave,
// any other request its fields (long values cut, so a card stays small).
import type { TBotTaskCard, TLabelled } from '@portal/shared/contracts/bot-jobs';
import { TEXT_BYTES, labelled, type CardElement, type LabelledRow } from './card-kit.ts';
import { date, dateTime, days, minutes } from './format.ts';

const MAX_FIELDS = 12;

function whoRows(data: TBotTaskCard): LabelledRow[] {
  const { task } = data;
  const rows: LabelledRow[] = [];
  if (task.project_name)
    rows.push({ label: 'プロジェクト', value: task.project_name, maxBytes: TEXT_BYTES.org });
  if (task.org_name) rows.push({ label: '組織', value: task.org_name, maxBytes: TEXT_BYTES.org });
  rows.push({
    label: '申請者',
    value: task.employee_code ? `${task.applicant_name}（${task.employee_code}）` : task.applicant_name,
  });
  rows.push({ label: '申請日時', value: dateTime(task.created_at) });
  return rows;
}

function vacationRows(vacation: NonNullable<TBotTaskCard['vacation']>): TLabelled[] {
  const period =
    vacation.start_date === vacation.end_date
      ? date(vacation.start_date)
      : `${date(vacation.start_date)} 〜 ${date(vacation.end_date)}`;
  const rows = [
    { label: '休暇区分', value: vacation.category_name },
    { label: '期間', value: period },
    { label: '日数', value: days(vacation.days) },
  ];
  if (vacation.remaining_days !== null)
    rows.push({ label: '有給残日数', value: days(vacation.remaining_days) });
  return rows;
}

function attendanceRows(attendance: NonNullable<TBotTaskCard['attendance']>): TLabelled[] {
  const t = attendance.totals;
  const holiday =
    t.legal_holiday_time +
    t.legal_holiday_over +
    t.legal_holiday_night +
    t.nonlegal_hol_time +
    t.nonlegal_hol_over +
    t.nonlegal_hol_night;
  return [
    { label: '対象月', value: `${attendance.year}年${attendance.month}月` },
    { label: '出勤日数', value: `${t.attendance_days} / ${days(t.basic_attendance_day)}` },
    { label: '総労働時間', value: minutes(t.total_work_time) },
    { label: '残業時間', value: minutes(t.over_time + t.early_over_time) },
    { label: '深夜時間', value: minutes(t.night_over_time) },
    { label: '休日労働時間', value: minutes(holiday) },
    { label: '有給日数', value: days(t.paid_vacation_days) },
    { label: '欠勤日数', value: days(t.absence_days) },
    { label: '60時間超過残業', value: minutes(t.excess_over) },
  ];
}

function fieldRows(fields: readonly TLabelled[]): LabelledRow[] {
  const shown = fields.filter((f) => f.value !== '');
  const rows: LabelledRow[] = shown
    .slice(0, MAX_FIELDS)
    .map((f) => ({ label: f.label, value: f.value, maxBytes: TEXT_BYTES.value }));
  if (shown.length > MAX_FIELDS) rows.push({ label: '…', value: `ほか ${shown.length - MAX_FIELDS} 項目` });
  return rows;
}

/** The key facts of the request, as card elements. */
export function taskSummary(data: TBotTaskCard): CardElement[] {
  const key = data.attendance
    ? attendanceRows(data.attendance)
    : data.vacation
      ? vacationRows(data.vacation)
      : fieldRows(data.fields);
  return [labelled(whoRows(data)), labelled(key)];
}
