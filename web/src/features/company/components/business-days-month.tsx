import { QueryState } from '@/components/query-state.tsx';
import { useBusinessDays } from '../api/get-business-days.ts';

const HEADERS = ['日', '月', '火', '水', '木', '金', '土'] as const;

type DayKind = 'work' | 'holiday' | 'legal';

function cellsOf(year: number, month: number): (number | null)[] {
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  const count = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const cells: (number | null)[] = Array.from({ length: first }, () => null);
  for (let day = 1; day <= count; day++) cells.push(day);
  while (cells.length % 7 !== 0) cells.push(null);
  return cells;
}

/**
 * A month of the company calendar: 所定労働日 from task/business-days, the rest 休日, the 法定休日
 * weekday marked. Shows what the settings above make of a month.
 */
export function BusinessDaysMonth({
  year,
  month,
  legalWeekday,
}: {
  year: number;
  month: number;
  legalWeekday: number;
}) {
  const businessDays = useBusinessDays(year, month);
  if (!businessDays.data) return <QueryState query={businessDays} />;
  const work = new Set(businessDays.data);
  const prefix = `${year}-${String(month).padStart(2, '0')}-`;
  const kindOf = (day: number, weekday: number): DayKind =>
    work.has(`${prefix}${String(day).padStart(2, '0')}`)
      ? 'work'
      : weekday === legalWeekday
        ? 'legal'
        : 'holiday';
  const cells = cellsOf(year, month);
  return (
    <div className="calendar-month">
      <table className="calendar-month__table" data-testid="business-days">
        <caption>
          {year}年{month}月 所定労働日 {work.size}日
        </caption>
        <thead>
          <tr>
            {HEADERS.map((label) => (
              <th key={label} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: cells.length / 7 }, (_, week) => (
            <tr key={week}>
              {cells.slice(week * 7, week * 7 + 7).map((day, weekday) => {
                if (day === null) return <td key={weekday} />;
                const kind = kindOf(day, weekday);
                return (
                  <td key={weekday} data-kind={kind} className={`calendar-day calendar-day--${kind}`}>
                    <span className="calendar-day__number">{day}</span>
                    <span className="calendar-day__kind">
                      {kind === 'work' ? '' : kind === 'legal' ? '法定休日' : '休日'}
                    </span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="calendar-legend">
        <span className="calendar-day--work">所定労働日</span>
        <span className="calendar-day--holiday">休日（所定休日・祝日・会社休日）</span>
        <span className="calendar-day--legal">法定休日</span>
      </p>
    </div>
  );
}
