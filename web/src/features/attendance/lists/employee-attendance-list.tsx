import Pagination from '@douyinfe/semi-ui/lib/es/pagination';
import Spin from '@douyinfe/semi-ui/lib/es/spin';
import { Link } from 'react-router-dom';
import type { TAttendanceEmployeeListItem } from '@portal/shared/contracts/attendance';
import { PAGE_SIZE } from '@portal/shared/limits';
import { useIsMobile } from '@/hooks/use-media-query.ts';
import { dayjs } from '@/lib/dayjs.ts';
import { reportViewPath } from '../view/paths.ts';
import { formatMinutes } from '../view/format.ts';
import { MonthStatusTag } from './month-status-tag.tsx';

export const EMPTY_EMPLOYEES = '該当する社員がいません。';

const minutes = (value: number | null) => (value === null ? '' : formatMinutes(value));
const time = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '');

function ReportLink({ item }: { item: TAttendanceEmployeeListItem }) {
  return item.task_id === null ? null : (
    <Link to={reportViewPath(item.task_id)} aria-label={`${item.employee_name} の勤怠を表示`}>
      表示
    </Link>
  );
}

interface ListProps {
  items: TAttendanceEmployeeListItem[];
  total: number;
  page: number;
  pending: boolean;
  onPage: (page: number) => void;
}

/** One row an employee (a table from md up, cards on a phone); rows carry data-testid="attendance-row". */
export function EmployeeAttendanceList({ items, total, page, pending, onPage }: ListProps) {
  const isMobile = useIsMobile();
  const pagination =
    total > PAGE_SIZE ? (
      <Pagination
        className="att-pagination"
        total={total}
        pageSize={PAGE_SIZE}
        currentPage={page}
        onPageChange={onPage}
        size={isMobile ? 'small' : 'default'}
      />
    ) : null;

  if (items.length === 0) {
    return pending ? (
      <div className="att-state" role="status" aria-label="読み込み中">
        <Spin />
      </div>
    ) : (
      <p className="att-state">{EMPTY_EMPLOYEES}</p>
    );
  }
  if (isMobile) {
    return (
      <>
        <ul className="att-cards" aria-label="勤怠一覧">
          {items.map((item) => (
            <li key={item.employee_id} className="att-card" data-testid="attendance-row">
              <span className="att-card__head">
                <span>
                  {item.employee_name}（{item.employee_code}）
                </span>
                <MonthStatusTag status={item.status} label={item.status_name} />
              </span>
              <span className="att-card__meta">{item.org_name ?? ''}</span>
              {item.total_work_time !== null ? (
                <span className="att-card__meta">
                  総労働 {minutes(item.total_work_time)}・残業 {minutes(item.over_time)}
                </span>
              ) : null}
              <ReportLink item={item} />
            </li>
          ))}
        </ul>
        {pagination}
      </>
    );
  }
  return (
    <>
      <div className="att-scroll">
        <table className="att-table att-table--list" aria-busy={pending || undefined}>
          <caption className="visually-hidden">勤怠一覧</caption>
          <thead>
            <tr>
              <th scope="col">社員番号</th>
              <th scope="col">氏名</th>
              <th scope="col">組織</th>
              <th scope="col">状態</th>
              <th scope="col">申請日時</th>
              <th scope="col">総労働時間</th>
              <th scope="col">残業時間</th>
              <th scope="col">勤怠</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.employee_id} data-testid="attendance-row">
                <td>{item.employee_code}</td>
                <td>{item.employee_name}</td>
                <td>{item.org_name ?? ''}</td>
                <td>
                  <MonthStatusTag status={item.status} label={item.status_name} />
                </td>
                <td>{time(item.submitted_at)}</td>
                <td>{minutes(item.total_work_time)}</td>
                <td>{minutes(item.over_time)}</td>
                <td>
                  <ReportLink item={item} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pagination}
    </>
  );
}
