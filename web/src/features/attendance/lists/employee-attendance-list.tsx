import { Link } from 'react-router-dom';
import type { TAttendanceEmployeeListItem } from '@portal/shared/contracts/attendance';
import type { TPage } from '@portal/shared/contracts/pagination';
import { DataList, type DataColumn } from '@/components/data-list.tsx';
import type { QueryLike } from '@/components/query-state.tsx';
import { dayjs } from '@/lib/dayjs.ts';
import { reportViewPath } from '../view/paths.ts';
import { formatMinutes } from '../view/format.ts';
import { MonthStatusTag } from './month-status-tag.tsx';

export const EMPTY_EMPLOYEES = '該当する社員がいません。';

type Item = TAttendanceEmployeeListItem;

const minutes = (value: number | null) => (value === null ? '' : formatMinutes(value));
const time = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '');

function ReportLink({ item }: { item: Item }) {
  return item.task_id === null ? null : (
    <Link to={reportViewPath(item.task_id)} aria-label={`${item.employee_name} の勤怠を表示`}>
      表示
    </Link>
  );
}

const statusTag = (item: Item) => <MonthStatusTag status={item.status} label={item.status_name} />;

const COLUMNS: DataColumn<Item>[] = [
  { title: '社員番号', cell: (item) => item.employee_code },
  { title: '氏名', cell: (item) => item.employee_name },
  { title: '組織', cell: (item) => item.org_name ?? '' },
  { title: '状態', cell: statusTag },
  { title: '申請日時', cell: (item) => time(item.submitted_at) },
  { title: '総労働時間', cell: (item) => minutes(item.total_work_time), align: 'right' },
  { title: '残業時間', cell: (item) => minutes(item.over_time), align: 'right' },
  { title: '勤怠', cell: (item) => <ReportLink item={item} /> },
];

/** One row an employee (a table from md up, cards on a phone); rows carry data-testid="attendance-row". */
export function EmployeeAttendanceList({
  query,
}: {
  query: QueryLike<TPage<Item>> & { isPlaceholderData?: boolean };
}) {
  return (
    <DataList
      query={query}
      label="勤怠一覧"
      empty={EMPTY_EMPLOYEES}
      columns={COLUMNS}
      card={(item) => ({
        title: `${item.employee_name}（${item.employee_code}）`,
        badge: statusTag(item),
        meta: [
          item.org_name,
          item.total_work_time !== null
            ? `総労働 ${minutes(item.total_work_time)}・残業 ${minutes(item.over_time)}`
            : null,
          <ReportLink key="report" item={item} />,
        ],
      })}
      rowKey={(item) => item.employee_id}
      testId="attendance-row"
    />
  );
}
