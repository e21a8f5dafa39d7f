import Pagination from '@douyinfe/semi-ui/lib/es/pagination';
import Spin from '@douyinfe/semi-ui/lib/es/spin';
import Table from '@douyinfe/semi-ui/lib/es/table';
import type { ColumnProps } from '@douyinfe/semi-ui/lib/es/table';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { TTaskListItem } from '@portal/shared/contracts/tasks';
import { PAGE_SIZE } from '@portal/shared/limits';
import type { TTaskListFilter } from '@portal/shared/workflow/codes';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { useIsMobile } from '@/hooks/use-media-query.ts';
import { errorMessages } from '@/lib/error-messages.ts';
import { dayjs } from '@/lib/dayjs.ts';
import { useTasks } from '../api/get-tasks.ts';
import { StatusTag } from '../components/status-tag.tsx';
import { TaskListFilters } from '../components/task-list-filters.tsx';
import { readListQuery, withFilters, withPage } from '../lib/list-query.ts';
import { listFilterOf, taskDetailPath } from '../lib/paths.ts';
import '../components/tasks.css';

export const EMPTY_LIST = '該当する申請がありません。';

const formatTime = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '');

/** The approval lists are about a node: they show it and when it was reached or acted on. */
const isNodeList = (filter: TTaskListFilter) => filter === 'approval' || filter === 'approval-finished';

function columns(filter: TTaskListFilter): ColumnProps<TTaskListItem>[] {
  const base: ColumnProps<TTaskListItem>[] = [
    { title: 'No.', dataIndex: 'id', width: 80 },
    {
      title: 'ワークフロー',
      dataIndex: 'workflow_name',
      render: (_text, item) => <Link to={taskDetailPath(filter, item)}>{item.workflow_name}</Link>,
    },
    { title: '申請者', dataIndex: 'employee_name' },
    { title: '組織', dataIndex: 'org_name', render: (_text, item) => item.org_name ?? '' },
    {
      title: '状態',
      dataIndex: 'status',
      width: 100,
      render: (_text, item) => <StatusTag status={item.status} label={item.status_name} />,
    },
  ];
  if (isNodeList(filter)) {
    base.push({
      title: 'ノード',
      dataIndex: 'node_name',
      render: (_text, item) =>
        `${item.node_name ?? ''}${item.is_proxy && item.principal_name ? `（${item.principal_name} の代理）` : ''}`,
    });
  } else {
    base.push({
      title: '現在の承認者',
      dataIndex: 'current_node_name',
      render: (_text, item) => item.current_node_name ?? '',
    });
  }
  base.push({
    title: '申請日時',
    dataIndex: 'created_at',
    width: 150,
    render: (_text, item) => formatTime(item.created_at),
  });
  return base;
}

function TaskCards({ items, filter }: { items: TTaskListItem[]; filter: TTaskListFilter }) {
  return (
    <ul className="task-cards" aria-label="申請一覧">
      {items.map((item) => (
        <li key={`${item.id}-${item.node_id ?? ''}`} className="task-card" data-testid="task-row">
          <Link className="task-card__link" to={taskDetailPath(filter, item)}>
            <span className="task-card__head">
              <span className="task-card__title">{item.workflow_name}</span>
              <StatusTag status={item.status} label={item.status_name} />
            </span>
            <span className="task-card__meta">
              No.{item.id}・{item.employee_name}
              {item.org_name ? `（${item.org_name}）` : ''}
            </span>
            {isNodeList(filter) && item.node_name ? (
              <span className="task-card__meta">ノード：{item.node_name}</span>
            ) : null}
            <span className="task-card__meta">{formatTime(item.created_at)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The five task lists of spec §2.1 (which one comes from the path). */
export default function TaskListRoute() {
  const title = usePageTitle();
  const { pathname } = useLocation();
  const filter = listFilterOf(pathname);
  const [params, setParams] = useSearchParams();
  const query = readListQuery(params, filter);
  const tasks = useTasks(query);
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const items = tasks.data?.results ?? [];
  const total = tasks.data?.count ?? 0;
  const setPage = (page: number) => setParams(withPage(params, page));

  return (
    <section className="page task-list" aria-labelledby="task-list-heading">
      <h2 className="page__heading" id="task-list-heading">
        {title}
      </h2>
      <TaskListFilters value={query} onChange={(changes) => setParams(withFilters(params, changes))} />
      {tasks.isError ? (
        <p className="task-list__state" role="alert">
          {errorMessages(tasks.error).join(' ')}
        </p>
      ) : null}
      {isMobile ? (
        <>
          {tasks.isPending ? (
            <div className="task-list__state" role="status" aria-label="読み込み中">
              <Spin />
            </div>
          ) : null}
          {tasks.isSuccess && items.length === 0 ? <p className="task-list__state">{EMPTY_LIST}</p> : null}
          {items.length > 0 ? <TaskCards items={items} filter={filter} /> : null}
          {total > PAGE_SIZE ? (
            <Pagination
              className="task-list__pagination"
              total={total}
              pageSize={PAGE_SIZE}
              currentPage={query.page}
              onPageChange={setPage}
              size="small"
            />
          ) : null}
        </>
      ) : (
        <Table<TTaskListItem>
          className="task-table"
          columns={columns(filter)}
          dataSource={items}
          rowKey={(item) => `${item?.id ?? ''}-${item?.node_id ?? ''}`}
          loading={tasks.isPending || tasks.isPlaceholderData}
          empty={EMPTY_LIST}
          onRow={(item) => ({
            'data-testid': 'task-row',
            className: 'task-table__row',
            onClick: (event) => {
              if (item && !(event.target instanceof HTMLAnchorElement))
                navigate(taskDetailPath(filter, item));
            },
          })}
          pagination={
            total > PAGE_SIZE
              ? { currentPage: query.page, pageSize: PAGE_SIZE, total, onPageChange: setPage }
              : false
          }
        />
      )}
    </section>
  );
}
