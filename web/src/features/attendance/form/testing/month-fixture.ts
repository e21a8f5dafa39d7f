// An April 2025 month as GET attendance/year/2025/month/4/ answers it, for the form's tests:
// Saturdays and 04-29 (昭和の日, a Tuesday) 所定休日, Sundays 法定休日, nothing entered yet.
import { createAttendanceForm } from '@portal/shared/attendance/form-state';
import { computeAttendanceTabs } from '@portal/shared/attendance/merge';
import { APRIL_SETTINGS, aprilCalendar } from '@portal/shared/attendance/test-month';
import type { TAttendanceMonth } from '@portal/shared/contracts/attendance';

export function aprilMonth(overrides: Partial<TAttendanceMonth> = {}): TAttendanceMonth {
  const form = createAttendanceForm(2025, 4);
  const calendar = aprilCalendar();
  const first = { settings: APRIL_SETTINGS, days: form.first };
  const second = { settings: APRIL_SETTINGS, days: form.second };
  return {
    year: 2025,
    month: 4,
    employee: { id: 7, code: 'E0007', name: '山田 太郎' },
    calendar,
    business_days: Object.entries(calendar)
      .filter(([date, kind]) => kind === 'work' && date.startsWith('2025-04'))
      .map(([date]) => date),
    first,
    second,
    remark: '',
    attachment: null,
    vacations: [],
    result: computeAttendanceTabs({ year: 2025, month: 4, calendar, first, second }),
    status: 'none',
    status_name: '未入力',
    task_id: null,
    workflow_id: 2,
    editable: true,
    default_input: false,
    saved_at: null,
    contract: {
      first: { start: '09:00', end: '18:00' },
      second: { start: '09:00', end: '18:00' },
      end_date: null,
    },
    ...overrides,
  };
}
