import { ScrollRegion } from '@/components/scroll-region.tsx';
import type { MergedDayRow } from './sheet-rows.ts';
import { typeLabel } from './sheet-rows.ts';
import { formatMinutes } from './format.ts';

const minutes = (value: number | undefined) => (value ? formatMinutes(value) : '');

/**
 * The merged view's daily table of spec §2.5: day, weekday, on-site type, in-house type, clock-in,
 * clock-out, basic hours and step-out time.
 */
export function MergedTable({ rows, caption }: { rows: MergedDayRow[]; caption: string }) {
  return (
    <ScrollRegion className="att-scroll" testId="attendance-daily" label="日別の勤怠（合併）">
      <table className="att-table att-table--daily">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="att-table__day">
              日
            </th>
            <th scope="col">曜日</th>
            <th scope="col">現場区分</th>
            <th scope="col">社内区分</th>
            <th scope="col">出勤</th>
            <th scope="col">退勤</th>
            <th scope="col">基本時間</th>
            <th scope="col">外出時間</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
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
              <td data-cell="on_site_type">{typeLabel(row.onSiteType)}</td>
              <td data-cell="in_house_type">{typeLabel(row.inHouseType)}</td>
              <td data-cell="start">{row.clockIn}</td>
              <td data-cell="end">{row.clockOut}</td>
              <td data-cell="basic_time">{minutes(row.figures?.basic_time)}</td>
              <td data-cell="step_out_time">{minutes(row.figures?.step_out_time)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
