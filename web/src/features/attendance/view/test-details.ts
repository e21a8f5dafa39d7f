// A 勤怠報告 of April 2025 for the view's tests, with the figures computeAttendanceTabs gives it.
import { aprilCalendar, APRIL_SETTINGS } from '@portal/shared/attendance/test-month';
import type { TAttendanceFormDay } from '@portal/shared/attendance/form-state';
import { computeAttendanceTabs } from '@portal/shared/attendance/merge';
import type { TAttendanceDetails } from '@portal/shared/contracts/attendance';

type Entry = [day: number, type: string, start?: string, end?: string];

function monthOf(entries: Entry[]): TAttendanceFormDay[] {
  const days = Array.from({ length: 30 }, () => ({ type: '', start: '', end: '', locked: false }));
  for (const [day, type, start = '', end = ''] of entries)
    days[day - 1] = { type, start, end, locked: false };
  return days;
}

/** In-house: work on the 1st, whole-day paid leave on the 2nd, half-day on the 3rd, absence on the 4th,
 *  overtime into the night on the 7th. On-site: work on the 1st and 8th, until 20:00 on the 8th. Both:
 *  昭和の日 (the 29th) as 休日, as the entry form fills it in. */
export function attendanceDetails(overrides: Partial<TAttendanceDetails> = {}): TAttendanceDetails {
  const first = {
    settings: APRIL_SETTINGS,
    days: monthOf([
      [1, '01', '09:00', '18:00'],
      [2, '03'],
      [3, '03', '09:00', '13:00'],
      [4, '02'],
      [7, '01', '09:00', '23:00'],
      [29, '10'],
    ]),
  };
  const second = {
    settings: { ...APRIL_SETTINGS, work_start_time: '10:00', work_end_time: '19:00' },
    days: monthOf([
      [1, '01', '09:00', '18:00'],
      [8, '01', '10:00', '20:00'],
      [29, '10'],
    ]),
  };
  const calendar = aprilCalendar();
  const result = computeAttendanceTabs({ year: 2025, month: 4, calendar, first, second });
  return {
    year: 2025,
    month: 4,
    employee: { id: 7, code: 'E0007', name: '山田 太郎' },
    calendar,
    business_days: Object.keys(calendar).filter((date) => calendar[date] === 'work'),
    first,
    second,
    remark: '4月は客先常駐です。',
    attachment: { id: 31, name: 'timesheet-2025-04.xlsx', size: 2048 },
    vacations: [
      {
        id: 1,
        category: '01',
        category_name: '有給休暇',
        start_date: '2025-04-02',
        end_date: '2025-04-02',
        days: 1,
        is_start_half: false,
        is_end_half: false,
        task_id: 3,
      },
      {
        id: 2,
        category: '01',
        category_name: '有給休暇',
        start_date: '2025-04-03',
        end_date: '2025-04-03',
        days: 0.5,
        is_start_half: true,
        is_end_half: false,
        task_id: 4,
      },
    ],
    result,
    task_id: 12,
    task_status: '90',
    task_status_name: '完了',
    basic_attendance_day: result.first.totals.basic_attendance_day,
    version: 1,
    latest_version: 1,
    edited_by: null,
    edited_at: null,
    edited_line: null,
    can_edit: false,
    ...overrides,
  };
}
