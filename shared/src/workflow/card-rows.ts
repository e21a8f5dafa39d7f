// The key facts of a request as the bot's cards show them (spec §2.4): labelled rows a workflow kind
// answers in place of its fields (WorkflowKindHooks.cardSections), with figures in the cards' form.
import type { TAttendanceTotals } from '../attendance/schema.ts';
import type { TLabelled } from '../contracts/bot-jobs.ts';

/** '2026-12-01' → '2026/12/01'. */
export function cardDate(isoDate: string): string {
  return isoDate.replaceAll('-', '/');
}

/** Minutes as H:MM (the attendance screens' form). */
export function cardMinutes(total: number): string {
  const sign = total < 0 ? '-' : '';
  const abs = Math.abs(Math.round(total));
  return `${sign}${Math.floor(abs / 60)}:${String(abs % 60).padStart(2, '0')}`;
}

/** Days with at most one decimal: 3, 2.5. */
export function cardDays(value: number): string {
  return `${Number.isInteger(value) ? value : value.toFixed(1)} 日`;
}

/** A vacation request: its category, period, days and the paid leave left (paid leave only). */
export function vacationCardRows(vacation: {
  category_name: string;
  start_date: string;
  end_date: string;
  days: number;
  remaining_days: number | null;
}): TLabelled[] {
  const period =
    vacation.start_date === vacation.end_date
      ? cardDate(vacation.start_date)
      : `${cardDate(vacation.start_date)} 〜 ${cardDate(vacation.end_date)}`;
  const rows = [
    { label: '休暇区分', value: vacation.category_name },
    { label: '期間', value: period },
    { label: '日数', value: cardDays(vacation.days) },
  ];
  if (vacation.remaining_days !== null)
    rows.push({ label: '有給残日数', value: cardDays(vacation.remaining_days) });
  return rows;
}

/** An attendance report: the month and its totals (both tabs together). */
export function attendanceCardRows(report: {
  year: number;
  month: number;
  totals: TAttendanceTotals;
}): TLabelled[] {
  const t = report.totals;
  const holiday =
    t.legal_holiday_time +
    t.legal_holiday_over +
    t.legal_holiday_night +
    t.nonlegal_hol_time +
    t.nonlegal_hol_over +
    t.nonlegal_hol_night;
  return [
    { label: '対象月', value: `${report.year}年${report.month}月` },
    { label: '出勤日数', value: `${t.attendance_days} / ${cardDays(t.basic_attendance_day)}` },
    { label: '総労働時間', value: cardMinutes(t.total_work_time) },
    { label: '残業時間', value: cardMinutes(t.over_time + t.early_over_time) },
    { label: '深夜時間', value: cardMinutes(t.night_over_time) },
    { label: '休日労働時間', value: cardMinutes(holiday) },
    { label: '有給日数', value: cardDays(t.paid_vacation_days) },
    { label: '欠勤日数', value: cardDays(t.absence_days) },
    { label: '60時間超過残業', value: cardMinutes(t.excess_over) },
  ];
}
