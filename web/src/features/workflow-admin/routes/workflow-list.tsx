import Button from '@douyinfe/semi-ui/lib/es/button';
import Pagination from '@douyinfe/semi-ui/lib/es/pagination';
import Spin from '@douyinfe/semi-ui/lib/es/spin';
import Table from '@douyinfe/semi-ui/lib/es/table';
import type { ColumnProps } from '@douyinfe/semi-ui/lib/es/table';
import Tag from '@douyinfe/semi-ui/lib/es/tag';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { TWorkflowSummary } from '@portal/shared/contracts/workflows';
import { PAGE_SIZE } from '@portal/shared/limits';
import { PATHS } from '@/config/paths.ts';
import { useIsMobile } from '@/hooks/use-media-query.ts';
import { usePageTitle } from '@/hooks/use-page-title.ts';
import { errorMessages } from '@/lib/error-messages.ts';
import { useAdminWorkflows } from '../api/get-workflows.ts';
import { readPage, withPage } from '../lib/labels.ts';
import { useWorkflowPerms } from '../lib/permissions.ts';
import '../components/workflow-admin.css';

export const EMPTY_WORKFLOWS = 'ワークフローがありません。';

const detailPath = (id: number | 'new') => `${PATHS.workflows}/${id}`;

function ActiveTag({ active }: { active: boolean }) {
  return (
    <Tag color={active ? 'green' : 'grey'} data-testid="workflow-active" data-active={String(active)}>
      {active ? '有効' : '無効'}
    </Tag>
  );
}

const COLUMNS: ColumnProps<TWorkflowSummary>[] = [
  {
    title: '名称',
    dataIndex: 'name',
    render: (_t, wf) => <Link to={detailPath(wf.id)}>{wf.name}</Link>,
  },
  { title: '分類', dataIndex: 'category', width: 140 },
  { title: '説明', dataIndex: 'description' },
  {
    title: '有効',
    dataIndex: 'is_active',
    width: 90,
    render: (_t, wf) => <ActiveTag active={wf.is_active} />,
  },
  { title: 'ノード数', dataIndex: 'node_count', width: 100, align: 'right' },
];

/** The workflows (spec §2.1 /workflow/workflows): name, category, description, active, node count. */
export default function WorkflowListRoute() {
  const title = usePageTitle();
  const [params, setParams] = useSearchParams();
  const page = readPage(params);
  const workflows = useAdminWorkflows({ page });
  const perms = useWorkflowPerms();
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const items = workflows.data?.results ?? [];
  const total = workflows.data?.count ?? 0;
  const setPage = (next: number) => setParams(withPage(params, next));

  return (
    <section className="page" aria-labelledby="workflow-list-heading">
      <h2 className="page__heading" id="workflow-list-heading">
        {title}
      </h2>
      {perms.addWorkflow ? (
        <div className="wf-toolbar">
          <span />
          <Button theme="solid" type="primary" onClick={() => navigate(detailPath('new'))}>
            新規作成
          </Button>
        </div>
      ) : null}
      {workflows.isError ? (
        <p className="wf-state" role="alert">
          {errorMessages(workflows.error).join(' ')}
        </p>
      ) : null}
      {isMobile ? (
        <>
          {workflows.isPending ? (
            <div className="wf-state" role="status" aria-label="読み込み中">
              <Spin />
            </div>
          ) : null}
          {workflows.isSuccess && items.length === 0 ? <p className="wf-state">{EMPTY_WORKFLOWS}</p> : null}
          {items.length > 0 ? (
            <ul className="wf-cards" aria-label="ワークフロー一覧">
              {items.map((wf) => (
                <li key={wf.id} data-testid="workflow-row">
                  <Link className="wf-card" to={detailPath(wf.id)}>
                    <span className="wf-card__head">
                      <span>{wf.name}</span>
                      <ActiveTag active={wf.is_active} />
                    </span>
                    <span className="wf-card__meta">
                      {wf.category ? `${wf.category}・` : ''}ノード {wf.node_count}
                    </span>
                    {wf.description ? <span className="wf-card__meta">{wf.description}</span> : null}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
          {total > PAGE_SIZE ? (
            <Pagination
              className="wf-pagination"
              total={total}
              pageSize={PAGE_SIZE}
              currentPage={page}
              onPageChange={setPage}
              size="small"
            />
          ) : null}
        </>
      ) : (
        <Table<TWorkflowSummary>
          columns={COLUMNS}
          dataSource={items}
          rowKey="id"
          loading={workflows.isPending || workflows.isPlaceholderData}
          empty={EMPTY_WORKFLOWS}
          onRow={(wf) => ({
            'data-testid': 'workflow-row',
            style: { cursor: 'pointer' },
            onClick: (event) => {
              if (wf && !(event.target instanceof HTMLAnchorElement)) navigate(detailPath(wf.id));
            },
          })}
          pagination={
            total > PAGE_SIZE
              ? { currentPage: page, pageSize: PAGE_SIZE, total, onPageChange: setPage }
              : false
          }
        />
      )}
    </section>
  );
}
