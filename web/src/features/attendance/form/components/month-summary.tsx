import type { TAttendanceTotals } from '@portal/shared/attendance/schema';
import { formatDays, formatMinutes } from '../../view/format.ts';
import { useEntry } from '../model/entry-context.tsx';

interface SummaryLine {
  key: string;
  label: string;
  value: (totals: TAttendanceTotals) => string;
}

const holidayMinutes = (t: TAttendanceTotals) =>
  t.legal_holiday_time +
  t.legal_holiday_over +
  t.legal_holiday_night +
  t.nonlegal_hol_time +
  t.nonlegal_hol_over +
  t.nonlegal_hol_night;

/**
 * The monthly summary of spec §2.6, from the merged view's totals (both tabs together). Labels as
 * ATTENDANCE_TOTAL_LABELS of the contract writes them (not imported: that module carries zod).
 */
export const SUMMARY_LINES: readonly SummaryLine[] = [
  {
    key: 'attendance_days',
    label: '出勤日数',
    value: (t) => `${formatDays(t.attendance_days)} / ${t.basic_attendance_day} 日`,
  },
  { key: 'early_over_time', label: '早出時間', value: (t) => formatMinutes(t.early_over_time) },
  { key: 'over_time', label: '残業時間', value: (t) => formatMinutes(t.over_time) },
  { key: 'night_over_time', label: '深夜時間', value: (t) => formatMinutes(t.night_over_time) },
  { key: 'holiday_time', label: '休日労働時間', value: (t) => formatMinutes(holidayMinutes(t)) },
  {
    key: 'paid_vacation_days',
    label: '有給休暇日数',
    value: (t) => `${formatDays(t.paid_vacation_days)} 日`,
  },
  { key: 'paid_vacation_time', label: '有給休暇時間', value: (t) => formatMinutes(t.paid_vacation_time) },
  { key: 'absence_days', label: '欠勤日数', value: (t) => `${t.absence_days} 日` },
  { key: 'absence_time', label: '遅刻・早退・外出時間', value: (t) => formatMinutes(t.absence_time) },
  { key: 'excess_over', label: '60時間超残業', value: (t) => formatMinutes(t.excess_over) },
  { key: 'total_work_time', label: '総労働時間', value: (t) => formatMinutes(t.total_work_time) },
  { key: 'amount_time', label: '合計時間', value: (t) => formatMinutes(t.amount_time) },
];

export function MonthSummary() {
  const totals = useEntry((state) => state.result.merged.totals);
  return (
    <section className="ae-summary" aria-labelledby="ae-summary-heading" data-testid="attendance-summary">
      <h3 className="ae-section__heading" id="ae-summary-heading">
        月次集計
      </h3>
      <dl className="ae-summary__list" aria-live="off">
        {SUMMARY_LINES.map((line) => (
          <div className="ae-summary__item" key={line.key}>
            <dt>{line.label}</dt>
            <dd data-testid={`summary-${line.key}`}>
              <span className="ae-contained">{line.value(totals)}</span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
