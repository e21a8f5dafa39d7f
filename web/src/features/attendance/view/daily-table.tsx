import { ATTENDANCE_DAY_ERROR_MESSAGES } from '@portal/shared/attendance/errors';
import { ScrollRegion } from '@/components/scroll-region.tsx';
import type { TabDayRow } from './sheet-rows.ts';
import { formatMinutes } from './format.ts';

const minutes = (value: number | undefined) => (value ? formatMinutes(value) : '');

/**
 * The on-site or in-house daily table of spec §2.5: day, weekday, type, clock-in, clock-out, start
 * and end of the basic hours, basic hours, early/overtime, late night, total. The day column stays
 * in place while the rest scrolls sideways on a phone.
 */
export function DailyTable({ rows, caption }: { rows: TabDayRow[]; caption: string }) {
  return (
    <ScrollRegion className="att-scroll" testId="attendance-daily" label="日別の勤怠">
      <table className="att-table att-table--daily">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="att-table__day">
              日
            </th>
            <th scope="col">曜日</th>
            <th scope="col">区分</th>
            <th scope="col">出勤</th>
            <th scope="col">退勤</th>
            <th scope="col">開始</th>
            <th scope="col">終了</th>
            <th scope="col">基本時間</th>
            <th scope="col">早出・残業</th>
            <th scope="col">深夜</th>
            <th scope="col">合計</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const f = row.figures;
            return (
              <tr
                key={row.date}
                data-testid="attendance-day"
                data-date={row.date}
                data-tone={row.tone ?? undefined}
                className={row.tone ? `att-day att-day--${row.tone}` : 'att-day'}
              >
                <th scope="row" className="att-table__day">
                  {row.day}
                </th>
                <td>{row.weekday}</td>
                <td data-cell="type">
                  {row.typeLabel}
                  {f?.error ? (
                    <span className="att-day__error" role="note">
                      {ATTENDANCE_DAY_ERROR_MESSAGES[f.error]}
                    </span>
                  ) : null}
                </td>
                <td data-cell="start">{row.start}</td>
                <td data-cell="end">{row.end}</td>
                <td data-cell="basic_start">{f?.basic_start ?? ''}</td>
                <td data-cell="basic_end">{f?.basic_end ?? ''}</td>
                <td data-cell="basic_time">{minutes(f?.basic_time)}</td>
                <td data-cell="over">{minutes((f?.early ?? 0) + (f?.over ?? 0))}</td>
                <td data-cell="night_over">{minutes(f?.night_over)}</td>
                <td data-cell="total_time">{minutes(f?.total_time)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
