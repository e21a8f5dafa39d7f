import { useLocation, useSearchParams } from 'react-router-dom';
import type { TTaskListItem } from '@portal/shared/contracts/tasks';
import type { TTaskListFilter } from '@portal/shared/workflow/codes';
import { Page } from '@/components/page.tsx';
import { DataList, type DataCard, type DataColumn } from '@/components/data-list.tsx';
import { dayjs } from '@/lib/dayjs.ts';
import { useTasks } from '../api/get-tasks.ts';
import { StatusTag } from '../components/status-tag.tsx';
import { TaskListFilters } from '../components/task-list-filters.tsx';
import { readListQuery, withFilters } from '../lib/list-query.ts';
import { listFilterOf, taskDetailPath } from '../lib/paths.ts';
import '../components/tasks.css';

export const EMPTY_LIST = '該当する申請がありません。';

const formatTime = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm') : '');

/** The approval lists are about a node: they show it and when it was reached or acted on. */
const isNodeList = (filter: TTaskListFilter) => filter === 'approval' || filter === 'approval-finished';

const nodeText = (item: TTaskListItem) =>
  `${item.node_name ?? ''}${item.is_proxy && item.principal_name ? `（${item.principal_name} の代理）` : ''}`;

function columns(filter: TTaskListFilter): DataColumn<TTaskListItem>[] {
  return [
    { title: 'No.', cell: (item) => item.id, width: 80 },
    {
      title: 'ワークフロー',
      cell: (item) => item.workflow_name,
      primary: true,
    },
    { title: '申請者', cell: (item) => item.employee_name },
    { title: '組織', cell: (item) => item.org_name ?? '' },
    {
      title: '状態',
      cell: (item) => <StatusTag status={item.status} label={item.status_name} />,
      width: 100,
    },
    isNodeList(filter)
      ? { title: 'ノード', cell: nodeText }
      : { title: '現在の承認者', cell: (item) => item.current_node_name ?? '' },
    { title: '申請日時', cell: (item) => formatTime(item.created_at), width: 150 },
  ];
}

const card =
  (filter: TTaskListFilter) =>
  (item: TTaskListItem): DataCard => ({
    title: item.workflow_name,
    badge: <StatusTag status={item.status} label={item.status_name} />,
    meta: [
      `No.${item.id}・${item.employee_name}${item.org_name ? `（${item.org_name}）` : ''}`,
      isNodeList(filter) && item.node_name ? `ノード：${item.node_name}` : null,
      formatTime(item.created_at),
    ],
  });

/** The five task lists of spec §2.1 (which one comes from the path). */
export default function TaskListRoute() {
  const { pathname } = useLocation();
  const filter = listFilterOf(pathname);
  const [params, setParams] = useSearchParams();
  const query = readListQuery(params, filter);
  const tasks = useTasks(query);

  return (
    <Page headingId="task-list-heading" className="task-list">
      <TaskListFilters value={query} onChange={(changes) => setParams(withFilters(params, changes))} />
      <DataList
        query={tasks}
        label="申請一覧"
        empty={EMPTY_LIST}
        columns={columns(filter)}
        card={card(filter)}
        rowKey={(item) => `${item.id}-${item.node_id ?? ''}`}
        rowHref={(item) => taskDetailPath(filter, item)}
        testId="task-row"
      />
    </Page>
  );
}
