import { useMemo } from 'react';
import { dateOf, daysInMonth, isWeekend } from '@portal/shared/attendance/dates';
import type { TFormSet } from '@portal/shared/attendance/form-state';
import { weekdayLabel } from '../../view/format.ts';
import { useEntry } from '../model/entry-context.tsx';
import { DayRow } from './day-row.tsx';

interface DayGridProps {
  set: TFormSet;
  label: string;
  readOnly: boolean;
}

/**
 * One tab's month, one row a day (spec §2.6). On a phone the table scrolls sideways inside its box
 * while the day column stays (position: sticky).
 */
export function DayGrid({ set, label, readOnly }: DayGridProps) {
  const year = useEntry((state) => state.year);
  const month = useEntry((state) => state.month);
  const calendar = useEntry((state) => state.calendar);
  const days = useMemo(
    () =>
      Array.from({ length: daysInMonth(year, month) }, (_, i) => ({
        index: i,
        weekday: weekdayLabel(year, month, i + 1),
        weekend: isWeekend(year, month, i + 1),
        kind: calendar[dateOf(year, month, i + 1)],
      })),
    [year, month, calendar],
  );
  return (
    <div className="ae-grid__scroll" data-testid={`attendance-grid-${set}`}>
      <table className="ae-grid" aria-label={label}>
        {/* Fixed column widths: a figure changing while typed never re-lays out the whole table. */}
        <colgroup>
          <col className="ae-grid__col-day" />
          <col className="ae-grid__col-type" />
          <col className="ae-grid__col-time" />
          <col className="ae-grid__col-time" />
          <col className="ae-grid__col-figure" />
          <col className="ae-grid__col-figure ae-grid__col-figure--wide" />
          <col className="ae-grid__col-figure" />
          <col className="ae-grid__col-figure" />
        </colgroup>
        <thead>
          <tr>
            <th scope="col" className="ae-grid__day">
              日
            </th>
            <th scope="col">区分</th>
            <th scope="col">開始</th>
            <th scope="col">終了</th>
            <th scope="col">基本</th>
            <th scope="col">早出・残業</th>
            <th scope="col">深夜</th>
            <th scope="col">合計</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <DayRow
              key={day.index}
              set={set}
              index={day.index}
              weekday={day.weekday}
              weekend={day.weekend}
              kind={day.kind}
              readOnly={readOnly}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
