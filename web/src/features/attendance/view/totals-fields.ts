// The month totals of attendance-rules.md with their Japanese labels, in the order the screens list
// them: the labels and order of the contract's ATTENDANCE_TOTAL_LABELS (what the .xlsx and PDF write),
// not imported because that module carries classic zod. 所定労働日数 is in the view's title line.
import type { TAttendanceTotals } from '@portal/shared/attendance/schema';

export type TotalField = Exclude<keyof TAttendanceTotals, 'basic_attendance_day'>;

export const TOTAL_FIELDS: readonly { field: TotalField; label: string; unit: 'days' | 'minutes' }[] = [
  { field: 'attendance_days', label: '出勤日数', unit: 'days' },
  { field: 'attendance_time', label: '所定内労働時間', unit: 'minutes' },
  { field: 'total_work_time', label: '総労働時間', unit: 'minutes' },
  { field: 'early_over_time', label: '早出時間', unit: 'minutes' },
  { field: 'over_time', label: '残業時間', unit: 'minutes' },
  { field: 'night_over_time', label: '深夜時間', unit: 'minutes' },
  { field: 'legal_holiday', label: '法定休日出勤日数', unit: 'days' },
  { field: 'legal_holiday_time', label: '法定休日労働時間', unit: 'minutes' },
  { field: 'legal_holiday_over', label: '法定休日時間外', unit: 'minutes' },
  { field: 'legal_holiday_night', label: '法定休日深夜', unit: 'minutes' },
  { field: 'nonlegal_hol', label: '所定休日出勤日数', unit: 'days' },
  { field: 'nonlegal_hol_time', label: '所定休日労働時間', unit: 'minutes' },
  { field: 'nonlegal_hol_over', label: '所定休日時間外', unit: 'minutes' },
  { field: 'nonlegal_hol_night', label: '所定休日深夜', unit: 'minutes' },
  { field: 'compensatory_days', label: '代休日数', unit: 'days' },
  { field: 'compensatory_leave', label: '代休時間', unit: 'minutes' },
  { field: 'paid_vacation_days', label: '有給休暇日数', unit: 'days' },
  { field: 'paid_vacation_time', label: '有給休暇時間', unit: 'minutes' },
  { field: 'absence_days', label: '欠勤日数', unit: 'days' },
  { field: 'absence_time', label: '遅刻・早退・外出時間', unit: 'minutes' },
  { field: 'absence_calculate', label: '控除時間', unit: 'minutes' },
  { field: 'excess_over', label: '60時間超残業', unit: 'minutes' },
  { field: 'amount_time', label: '合計時間', unit: 'minutes' },
];
