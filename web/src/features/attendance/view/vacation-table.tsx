import type { TVacation } from '@portal/shared/contracts/vacations';
import { ScrollRegion } from '@/components/scroll-region.tsx';
import { formatDays } from './format.ts';

export const NO_VACATIONS = 'この月の休暇はありません。';

type VacationRow = Pick<TVacation, 'category_name' | 'start_date' | 'end_date' | 'days' | 'is_start_half'>;

/** The month's approved leave (spec §2.5): category, start, end, days, from the afternoon. */
export function VacationTable({ vacations }: { vacations: readonly VacationRow[] }) {
  if (vacations.length === 0) return <p className="att-empty">{NO_VACATIONS}</p>;
  return (
    <ScrollRegion className="att-scroll" testId="attendance-vacations" label="休暇">
      <table className="att-table">
        <caption className="visually-hidden">休暇履歴</caption>
        <thead>
          <tr>
            <th scope="col">休暇区分</th>
            <th scope="col">開始日</th>
            <th scope="col">終了日</th>
            <th scope="col">日数</th>
            <th scope="col">午後から</th>
          </tr>
        </thead>
        <tbody>
          {vacations.map((vacation) => (
            <tr key={`${vacation.start_date}-${vacation.category_name}`} data-testid="vacation-row">
              <td>{vacation.category_name}</td>
              <td>{vacation.start_date}</td>
              <td>{vacation.end_date}</td>
              <td>{formatDays(vacation.days)}</td>
              <td>{vacation.is_start_half ? '○' : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
