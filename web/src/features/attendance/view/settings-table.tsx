import type { TAttendanceSettings } from '@portal/shared/attendance/schema';
import { MAX_BREAK_PERIODS } from '@portal/shared/limits';
import { ScrollRegion } from '@/components/scroll-region.tsx';

function period(start: string | null | undefined, end: string | null | undefined): string {
  return start && end ? `${start}〜${end}` : '';
}

/** A tab's settings (spec §2.5): working, early, overtime and night windows, lunch and breaks 1–5. */
export function SettingsTable({ settings, caption }: { settings: TAttendanceSettings; caption: string }) {
  const cells: [string, string][] = [
    ['基本勤務時間', period(settings.work_start_time, settings.work_end_time)],
    ['早出時間', period(settings.early_start, settings.early_end)],
    ['残業時間', period(settings.start_overtime, settings.end_overtime)],
    ['深夜時間', period(settings.late_start, settings.late_end_time)],
    ['昼休憩', period(settings.lunch_start_time, settings.lunch_end_time)],
    ...Array.from({ length: MAX_BREAK_PERIODS }, (_, i): [string, string] => [
      `休憩${i + 1}`,
      period(settings.breaks[i]?.start, settings.breaks[i]?.end),
    ]),
  ];
  return (
    <ScrollRegion className="att-scroll" testId="attendance-settings" label="勤務設定">
      <table className="att-table att-table--settings">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {cells.map(([label]) => (
              <th key={label} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            {cells.map(([label, value]) => (
              <td key={label}>{value}</td>
            ))}
          </tr>
        </tbody>
      </table>
    </ScrollRegion>
  );
}
